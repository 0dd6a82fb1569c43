import { headers, type Msg } from '@nats-io/transport-node';
import { NatsRecord, NatsResponseJSONDeserializer, type IncomingResponse } from '@nestjs/microservices';
import { NatsRecordSerializer } from '@nestjs/microservices/serializers/nats-record.serializer.js';
import { JsonText } from '../rpc/json-text.js';

/**
 * How a JsonText answer travels: its text is the message body, as it is, and what Nest keeps in
 * its packet (the request id, whether the answer is complete) goes in headers. Every other packet
 * keeps Nest's own JSON form.
 */
const ANSWER_ID = 'Rpc-Answer-Id';
const ANSWER_COMPLETE = 'Rpc-Answer-Complete';

interface ResponsePacket {
  id: string;
  response?: unknown;
  err?: unknown;
  isDisposed?: boolean;
}

/** Services: sends a JsonText answer without serializing it again. */
export class JsonTextSerializer extends NatsRecordSerializer {
  override serialize(packet: ResponsePacket): NatsRecord {
    if (!(packet?.response instanceof JsonText)) return super.serialize(packet);
    const meta = headers();
    meta.set(ANSWER_ID, packet.id);
    meta.set(ANSWER_COMPLETE, String(packet.isDisposed === true));
    return new NatsRecord(packet.response.json, meta);
  }
}

/** Callers: takes a JsonText answer as text, left to the caller to parse or pass along. */
export class JsonTextDeserializer extends NatsResponseJSONDeserializer {
  override deserialize(message: Msg, options?: Record<string, unknown>): IncomingResponse | Promise<IncomingResponse> {
    const id = message.headers?.get(ANSWER_ID);
    if (!id) return super.deserialize(message, options);
    // A copy: the message's bytes may be a view into the connection's read buffer.
    const json = Uint8Array.prototype.slice.call(message.data);
    return { id, isDisposed: message.headers?.get(ANSWER_COMPLETE) === 'true', response: new JsonText(json) };
  }
}
