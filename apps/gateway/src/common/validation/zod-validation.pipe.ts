import { BadRequestException, Injectable, type PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { validationErrorBody } from '@fluent/contracts';

/** Validates a request body against a schema from libs/contracts; 400 with per-field messages. */
@Injectable()
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) throw new BadRequestException(validationErrorBody(result.error));
    return result.data;
  }
}
