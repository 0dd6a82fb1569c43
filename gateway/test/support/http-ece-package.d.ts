/** http_ece has no types; the tests decrypt Web Push bodies (RFC 8291, aes128gcm) with it. */
declare module 'http_ece' {
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: import('node:crypto').ECDH; authSecret: Buffer },
  ): Buffer;
}
