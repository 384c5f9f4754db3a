import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** A blog post as stored: seeded from the repository's post files, HTML already sanitised. */
@Schema({ collection: 'blogPosts', versionKey: false, timestamps: true })
export class Post {
  @Prop({ type: String, required: true, unique: true }) slug!: string;
  @Prop({ type: String, required: true }) title!: string;
  /** `YYYY-MM-DD`: sorts as text in date order. */
  @Prop({ type: String, required: true }) date!: string;
  @Prop({ type: String, required: true }) author!: string;
  @Prop({ type: String, required: true }) summary!: string;
  @Prop({ type: String, required: true }) content!: string;
  /** Hash of the fields above, as the seeder computed it; equal means nothing to write. */
  @Prop({ type: String, required: true }) contentHash!: string;
}

export const PostSchema = SchemaFactory.createForClass(Post);
PostSchema.index({ date: -1, slug: 1 });
