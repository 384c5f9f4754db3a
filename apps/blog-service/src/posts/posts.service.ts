import { Injectable, Logger } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { BLOG_POST_NOT_FOUND, type BlogPost, type BlogPostSummary } from '@fluent/contracts';
import { isDuplicateKey, rpcError } from '@fluent/server-kit';
import { loadPosts } from './load-posts';
import type { SeedPost } from './post-file';
import { Post } from './post.schema';
import { planSeed, type SeedPlan } from './seed-plan';

const SUMMARY_FIELDS = { _id: 0, slug: 1, title: 1, date: 1, author: 1, summary: 1 } as const;
const POST_FIELDS = { ...SUMMARY_FIELDS, content: 1 } as const;

export type SeedResult = Record<keyof SeedPlan, number>;

@Injectable()
export class PostsService {
  private readonly logger = new Logger(PostsService.name);

  constructor(@InjectModel(Post.name) private readonly posts: Model<Post>) {}

  /**
   * Makes the stored posts equal the post files in `dir`: new ones inserted, changed ones
   * updated, unchanged ones left alone (no write at all), removed ones deleted. Safe to run on
   * every start and from several replicas at once (upserts keyed by the unique slug).
   */
  async seed(dir: string): Promise<SeedResult> {
    await this.posts.init(); // the unique slug index must exist before the first upsert
    const files = await loadPosts(dir);
    const stored = await this.posts.find({}, { _id: 0, slug: 1, contentHash: 1 }).lean().exec();
    const plan = planSeed(files, stored);
    for (const post of [...plan.insert, ...plan.update]) await this.write(post);
    if (plan.remove.length > 0) await this.posts.deleteMany({ slug: { $in: plan.remove } }).exec();
    const result: SeedResult = { insert: plan.insert.length, update: plan.update.length, unchanged: plan.unchanged.length, remove: plan.remove.length };
    this.logger.log(`Blog posts seeded from ${dir}: ${JSON.stringify(result)}`);
    return result;
  }

  private async write(post: SeedPost): Promise<void> {
    const { slug, ...fields } = post;
    try {
      await this.posts.updateOne({ slug }, { $set: fields }, { upsert: true }).exec();
    } catch (error) {
      // Another replica inserted the same slug between our find and our upsert: update it instead.
      if (!isDuplicateKey(error)) throw error;
      await this.posts.updateOne({ slug }, { $set: fields }).exec();
    }
  }

  /** Every post without its content, newest first (ties by slug, so the order is stable). */
  async list(): Promise<BlogPostSummary[]> {
    return this.posts.find({}, SUMMARY_FIELDS).sort({ date: -1, slug: 1 }).lean<BlogPostSummary[]>().exec();
  }

  async get(slug: string): Promise<BlogPost> {
    const post = await this.posts.findOne({ slug }, POST_FIELDS).lean<BlogPost>().exec();
    if (!post) throw rpcError(404, BLOG_POST_NOT_FOUND);
    return post;
  }
}
