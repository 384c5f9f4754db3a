import { Module } from '@nestjs/common';
import { BlogController } from './blog.controller';

/** The blog's posts (blog-service). */
@Module({ controllers: [BlogController] })
export class BlogModule {}
