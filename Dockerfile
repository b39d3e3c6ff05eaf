# The forum in one container: build once, then serve with the SQLite file on a volume.
FROM node:20-bookworm AS build
WORKDIR /app
COPY . .
RUN npx -y pnpm@12.4.2 install --frozen-lockfile \
 && node_modules/.bin/turbo run build --output-logs=errors-only

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build /app /app
ENV HOST=0.0.0.0 PORT=3000 DATABASE_PATH=/app/data/forum.db NODE_ENV=production
VOLUME /app/data
EXPOSE 3000
CMD ["node", "--enable-source-maps", "apps/server/dist/main.cjs"]
