import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { ContactController } from './contact.controller';
import { ContactMessage, ContactMessageSchema } from './contact.schema';
import { ContactService } from './contact.service';

@Module({
  imports: [MongooseModule.forFeature([{ name: ContactMessage.name, schema: ContactMessageSchema }])],
  controllers: [ContactController],
  providers: [ContactService],
})
export class ContactModule {}
