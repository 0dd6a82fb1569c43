# An S3 store (s3rver) on the local Node image, standing in for MinIO in an offline build. It
# takes MinIO's MINIO_ROOT_USER / MINIO_ROOT_PASSWORD and serves on port 9000 from /data.
ARG NODE_IMAGE=inventory-suite/node:24
FROM ${NODE_IMAGE}
WORKDIR /opt/s3
RUN npm install --omit=dev --no-audit --no-fund --no-package-lock s3rver@3.7.1 \
 && npm cache clean --force \
 && mkdir -p /data && chown node:node /data
COPY s3-server.cjs s3-init.cjs ./
VOLUME /data
USER node
EXPOSE 9000
HEALTHCHECK --interval=5s --timeout=3s --retries=20 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:9000/').then(() => process.exit(0), () => process.exit(1))"]
ENTRYPOINT ["node", "/opt/s3/s3-server.cjs"]
