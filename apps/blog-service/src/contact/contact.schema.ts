import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { HydratedDocument } from 'mongoose';

/** A message sent from the contact page. Stored so the team can answer it. */
@Schema({ collection: 'contactMessages', timestamps: { createdAt: true, updatedAt: false } })
export class ContactMessage {
  @Prop({ required: true }) name!: string;
  @Prop({ required: true }) email!: string;
  @Prop({ required: true }) message!: string;
  createdAt!: Date;
}

export type ContactMessageDocument = HydratedDocument<ContactMessage>;
export const ContactMessageSchema = SchemaFactory.createForClass(ContactMessage);
