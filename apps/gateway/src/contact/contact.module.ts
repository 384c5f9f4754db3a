import { Module } from '@nestjs/common';
import { ContactController } from './contact.controller';

/** The contact form (blog-service). */
@Module({ controllers: [ContactController] })
export class ContactModule {}
