import type { CreateDemoRequestDto, DemoRequestDto } from '@erp/contracts';
import { Injectable } from '@nestjs/common';
import { toDemoRequestDto } from './demo-request.mapper.js';
import { DemoRequestsRepository } from './demo-requests.repository.js';

@Injectable()
export class DemoRequestsService {
  constructor(private readonly repository: DemoRequestsRepository) {}

  async create(dto: CreateDemoRequestDto): Promise<DemoRequestDto> {
    const row = await this.repository.insert({
      fullName: dto.fullName,
      email: dto.email.toLowerCase(),
      phone: dto.phone,
      company: dto.company,
      message: dto.message ? dto.message : null,
    });
    return toDemoRequestDto(row);
  }

  async list(): Promise<DemoRequestDto[]> {
    return (await this.repository.findNewestFirst()).map(toDemoRequestDto);
  }
}
