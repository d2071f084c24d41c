import { QueueName, type GenerateReorderSuggestionsResultDto } from '@erp/contracts';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { ReorderSuggestionsService, type GenerateReorderJob } from './reorder-suggestions.service.js';

/** Works the reorder-generate queue: on-demand and daily runs alike, one at a time per process. */
@Processor(QueueName.ReorderGenerate)
export class ReorderGenerateProcessor extends WorkerHost {
  constructor(private readonly suggestions: ReorderSuggestionsService) {
    super();
  }

  process(job: Job<GenerateReorderJob>): Promise<GenerateReorderSuggestionsResultDto> {
    return this.suggestions.generate(job.data.meta.userId ?? null);
  }
}
