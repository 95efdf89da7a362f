# One image, two entry points (api and workers), plus a one-shot migrate-and-seed command.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY api ./api
COPY workers ./workers
COPY shared ./shared
COPY scripts ./scripts
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# UPLOAD_DIR of docker-compose.yml: a volume there starts owned by the service's user.
RUN mkdir -p /app/uploads && chown node:node /app/uploads
USER node
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# api: node dist/api/server.js · workers: node dist/workers/main.js · migrate+seed: node dist/scripts/seed.js
# The API listens on 127.0.0.1 unless HOST says otherwise: run it with HOST=0.0.0.0 (docker-compose.yml does).
CMD ["node", "dist/api/server.js"]
