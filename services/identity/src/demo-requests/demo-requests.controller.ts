import { CreateDemoRequestDto, IdentityPatterns, type DemoRequestDto } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DemoRequestsService } from './demo-requests.service.js';

@Controller()
export class DemoRequestsController {
  constructor(private readonly demoRequests: DemoRequestsService) {}

  @MessagePattern(IdentityPatterns.CreateDemoRequest)
  create(@Payload('data') dto: CreateDemoRequestDto): Promise<DemoRequestDto> {
    return this.demoRequests.create(dto);
  }

  @MessagePattern(IdentityPatterns.ListDemoRequests)
  list(): Promise<DemoRequestDto[]> {
    return this.demoRequests.list();
  }
}
