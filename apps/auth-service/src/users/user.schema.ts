import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The user document of docs/product.md#what-is-stored, keyed by the Keycloak user id (`_id` = uid). The creation
 * paths fill different subsets, so every field but the key is optional in the schema.
 */
@Schema({ collection: 'users', versionKey: false, minimize: true })
export class User {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String }) uid?: string;
  @Prop({ type: String }) email?: string;
  @Prop({ type: String }) name?: string;
  @Prop({ type: Boolean }) hasPaid?: boolean;
  @Prop({ type: String }) mobileNumber?: string;
  @Prop({ type: Boolean }) paidTests?: boolean;
  @Prop({ type: String }) paymentDate?: string;
}

export const UserSchema = SchemaFactory.createForClass(User);
