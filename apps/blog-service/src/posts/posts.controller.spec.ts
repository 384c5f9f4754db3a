import { RpcException } from '@nestjs/microservices';
import { describe, expect, it, vi } from 'vitest';
import { PostsController } from './posts.controller';
import type { PostsService } from './posts.service';

describe('PostsController', () => {
  it.each([undefined, null, {}, { slug: 42 }, { slug: 'Not A Slug' }, { slug: '../../etc' }])(
    "answers %j with 404 'Post not found' without asking the database",
    (payload) => {
      const get = vi.fn();
      const controller = new PostsController({ get } as unknown as PostsService);
      let error: unknown;
      try {
        void controller.get(payload);
      } catch (thrown) {
        error = thrown;
      }
      expect(error).toBeInstanceOf(RpcException);
      expect((error as RpcException).getError()).toEqual({ statusCode: 404, message: 'Post not found' });
      expect(get).not.toHaveBeenCalled();
    },
  );

  it('looks a valid slug up', async () => {
    const post = { slug: 'typing-speed', title: 'T', date: '2026-03-03', author: 'A', summary: 'S', content: '<p>x</p>' };
    const lookUp = vi.fn(async () => post);
    const controller = new PostsController({ get: lookUp } as unknown as PostsService);
    expect(await controller.get({ slug: 'typing-speed' })).toBe(post);
    expect(lookUp).toHaveBeenCalledExactlyOnceWith('typing-speed');
  });
});
