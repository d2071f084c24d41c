import { AiParserPatterns, RememberPhrasesDto, type RememberPhrasesResultDto, type RpcMeta } from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ClientMemoryService } from './client-memory.service.js';

@Controller()
export class ClientMemoryController {
  constructor(private readonly memory: ClientMemoryService) {}

  @MessagePattern(AiParserPatterns.Remember)
  remember(
    @Payload('data') dto: RememberPhrasesDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<RememberPhrasesResultDto> {
    return this.memory.remember(dto, meta.userId ?? null);
  }
}
