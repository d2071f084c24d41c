import type { Permission, UserRole, UserStatus } from '@erp/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'users' })
export class UserEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ type: 'text' }) username: string;
  @Column({ name: 'password_hash', type: 'text' }) passwordHash: string;
  @Column({ type: 'text' }) email: string;
  @Column({ name: 'full_name', type: 'text' }) fullName: string;
  @Column({ type: 'text' }) role: UserRole;
  @Column({ type: 'text' }) status: UserStatus;
  @Column({ type: 'text', array: true }) permissions: Permission[];
  @Column({ type: 'text', nullable: true }) company: string | null;
  @Column({ type: 'text', nullable: true }) phone: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt: Date;
}
