import { Controller, Get, Header } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { Public } from '../auth/access.decorators.js';
import { GatewayConfig } from '../config/gateway.config.js';
import { buildOpenApiDocument, collectV1Routes } from './openapi-document.js';

/**
 * GET /api/v1/openapi.json: the partner API's OpenAPI 3.1 document, generated from the routes
 * and DTO classes on first request and kept in memory. Public, and the one /api/v1 answer
 * without the envelope (CONTRACT §7).
 */
@Controller('v1')
export class OpenApiController {
  private document: Record<string, unknown> | null = null;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly config: GatewayConfig,
  ) {}

  @Public()
  @Get('openapi.json')
  @Header('Cache-Control', 'public, max-age=300')
  openApi(): Record<string, unknown> {
    this.document ??= buildOpenApiDocument(collectV1Routes(this.discovery, this.scanner, this.reflector), {
      rateLimitPerMinute: this.config.API_RATE_LIMIT_PER_MINUTE,
      idempotencyTtlSeconds: this.config.IDEMPOTENCY_TTL_SECONDS,
    });
    return this.document;
  }
}
