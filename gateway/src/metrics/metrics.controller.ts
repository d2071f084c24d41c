import { Controller, Get, Header } from '@nestjs/common';
import { Public } from '../auth/access.decorators.js';
import { GatewayMetrics } from './metrics.js';

@Public()
@Controller('metrics')
export class MetricsController {
  constructor(private readonly metrics: GatewayMetrics) {}

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4')
  scrape(): Promise<string> {
    return this.metrics.registry.metrics();
  }
}
