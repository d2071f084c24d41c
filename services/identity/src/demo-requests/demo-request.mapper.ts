import type { DemoRequestDto } from '@erp/contracts';
import type { DemoRequestEntity } from './demo-request.entity.js';

export function toDemoRequestDto(entity: DemoRequestEntity): DemoRequestDto {
  return {
    id: entity.id,
    fullName: entity.fullName,
    email: entity.email,
    phone: entity.phone,
    company: entity.company,
    message: entity.message,
    createdAt: entity.createdAt.toISOString(),
  };
}
