import {
  DecideReorderSuggestionRequestDto,
  InventoryPatterns,
  type GenerateReorderSuggestionsResultDto,
  type ReorderSuggestionDto,
  type ReorderSuggestionEntryDto,
  type RpcMeta,
} from '@erp/contracts';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ReorderSuggestionsService } from './reorder-suggestions.service.js';

@Controller()
export class ReorderSuggestionsController {
  constructor(private readonly suggestions: ReorderSuggestionsService) {}

  @MessagePattern(InventoryPatterns.ListReorderSuggestions)
  list(): Promise<ReorderSuggestionEntryDto[]> {
    return this.suggestions.listPending();
  }

  @MessagePattern(InventoryPatterns.GenerateReorderSuggestions)
  generate(@Payload('meta') meta: RpcMeta): Promise<GenerateReorderSuggestionsResultDto> {
    return this.suggestions.requestGeneration(meta);
  }

  @MessagePattern(InventoryPatterns.DecideReorderSuggestion)
  decide(
    @Payload('data') dto: DecideReorderSuggestionRequestDto,
    @Payload('meta') meta: RpcMeta,
  ): Promise<ReorderSuggestionDto> {
    return this.suggestions.decide(dto, meta.userId);
  }
}
