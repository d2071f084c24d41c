import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ClientPhraseEntity } from './client-phrase.entity.js';
import { ClientMemoryController } from './client-memory.controller.js';
import { ClientMemoryRepository } from './client-memory.repository.js';
import { ClientMemoryService } from './client-memory.service.js';

/** Each client's wording (ai-parser.remember writes it, the parse reads it). */
@Module({
  imports: [TypeOrmModule.forFeature([ClientPhraseEntity])],
  controllers: [ClientMemoryController],
  providers: [ClientMemoryRepository, ClientMemoryService],
  exports: [ClientMemoryService],
})
export class ClientMemoryModule {}
