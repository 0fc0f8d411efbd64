# openroles in a container: a build stage compiles better-sqlite3 and bundles the service, the
# runtime stage holds only what serving needs (the bundle, its native addons, schema and data files)
# and runs as the unprivileged `node` user. Build tools and the libraries the bundle already holds
# stay in the build stage.
# The database lives on the /data volume; on first start the seeded catalogue is generated there.
FROM node:20-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The bundle's external packages (native addons) and what they load, nothing else: /runtime/node_modules.
RUN node build.mjs --force && node build.mjs --runtime-modules /runtime

FROM node:20-bookworm-slim
# CV PDFs: the fonts Typst finds on the system, and pdftotext for the ATS comparison.
RUN apt-get update && apt-get install -y --no-install-recommends fonts-croscore fonts-crosextra-carlito fonts-liberation fonts-wqy-microhei poppler-utils && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production HOST=0.0.0.0 PORT=8080 OPENROLES_DB=/data/openroles.db
# A 64 MB young generation per serving process: ~9% less CPU per request (docs/scaling.md).
ENV NODE_OPTIONS=--max-semi-space-size=64
WORKDIR /app
COPY --from=build /app/package.json /app/schema.sql ./
COPY --from=build /runtime/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/data ./data
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM reaches node directly (exec form), which finishes in-flight requests and closes the database.
CMD ["node", "dist/openroles.mjs", "serve"]
