import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { config } from '../config';
import { PostsService } from './posts.service';

/**
 * Seeds the posts when the service starts, before it listens on NATS: the first request already
 * sees every post. A broken post file stops the start (and the log names the file), rather than
 * serving a blog with a post silently missing.
 */
@Injectable()
export class PostsSeeder implements OnApplicationBootstrap {
  constructor(private readonly posts: PostsService) {}

  async onApplicationBootstrap(): Promise<void> {
    await this.posts.seed(config.BLOG_CONTENT_DIR);
  }
}
