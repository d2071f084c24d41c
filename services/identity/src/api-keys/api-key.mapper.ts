import type { ApiKeyDto } from '@erp/contracts';
import type { ApiKeyEntity } from './api-key.entity.js';

export function toApiKeyDto(entity: ApiKeyEntity): ApiKeyDto {
  return {
    id: entity.id,
    name: entity.name,
    maskedKey: `${entity.keyPrefix}${'•'.repeat(8)}`,
    permissions: [...entity.permissions],
    createdAt: entity.createdAt.toISOString(),
    lastUsedAt: entity.lastUsedAt?.toISOString() ?? null,
    expiresAt: entity.expiresAt?.toISOString() ?? null,
    isActive: entity.isActive === 1,
  };
}
