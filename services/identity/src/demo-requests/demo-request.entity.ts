import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'demo_requests' })
export class DemoRequestEntity {
  @PrimaryGeneratedColumn('uuid') id: string;
  @Column({ name: 'full_name', type: 'text' }) fullName: string;
  @Column({ type: 'text' }) email: string;
  @Column({ type: 'text' }) phone: string;
  @Column({ type: 'text' }) company: string;
  @Column({ type: 'text', nullable: true }) message: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt: Date;
}
