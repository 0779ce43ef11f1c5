# syntax=docker/dockerfile:1
# Closer in two stages on Debian: the first builds the app (dev dependencies), the second runs it
# with production dependencies only, ffmpeg for story videos, as a user without privileges.
#   docker build -t closer .
#   docker run -p 3000:3000 -v closer-data:/var/lib/closer closer
# Web replicas behind a balancer: -e MEDIA_WORKER=off -e JOBS=off; one worker without them.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM ${NODE_IMAGE} AS runtime
RUN apt-get update \
  && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends ffmpeg tini \
  && rm -rf /var/lib/apt/lists/* \
  && groupadd --system closer \
  && useradd --system --gid closer --home-dir /app --shell /usr/sbin/nologin closer \
  && mkdir -p /var/lib/closer \
  && chown closer:closer /var/lib/closer
WORKDIR /app
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/var/lib/closer
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The server as JavaScript (dist-server), which reads its migrations and demo assets from server/
# at the working folder; server/ and src/ also keep `npm run seed` and the backup commands (tsx).
COPY --from=build /app/server ./server
COPY --from=build /app/src ./src
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
COPY --from=build /app/dist-server ./dist-server
USER closer
VOLUME /var/lib/closer
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/v1/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist-server/server/src/server.js"]
