import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PacksRepository } from './packs.repository.js';
import { StockPackEntity } from './stock-pack.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([StockPackEntity])],
  providers: [PacksRepository],
  exports: [PacksRepository],
})
export class PacksModule {}
