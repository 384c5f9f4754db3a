import { Logger } from '@nestjs/common';
import { Types, type Model } from 'mongoose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from './contact.schema';
import { ContactService } from './contact.service';

/** A model that stores into an array, as far as ContactService uses it. */
function fakeModel() {
  const rows: (ContactMessage & { _id: Types.ObjectId })[] = [];
  const create = vi.fn(async (doc: Omit<ContactMessage, 'createdAt'>) => {
    const row = { ...doc, _id: new Types.ObjectId(), createdAt: new Date('2026-01-02T03:04:05Z') };
    rows.push(row);
    return row;
  });
  const findById = vi.fn((id: Types.ObjectId) => ({ lean: () => ({ exec: async () => rows.find((r) => r._id.equals(id)) ?? null }) }));
  return { rows, create, model: { create, findById } as unknown as Model<ContactMessage> };
}

describe('ContactService', () => {
  afterEach(() => vi.restoreAllMocks());

  it('stores a message and answers with what was stored, without the honeypot field', async () => {
    const { rows, model } = fakeModel();
    const receipt = await new ContactService(model).submit({ name: 'Ana', email: 'ana@example.com', message: 'Hi', website: '' });
    expect(rows).toHaveLength(1);
    expect(rows[0]).not.toHaveProperty('website');
    expect(receipt).toEqual({ id: String(rows[0]!._id), name: 'Ana', email: 'ana@example.com', message: 'Hi', receivedAt: '2026-01-02T03:04:05.000Z' });
  });

  it.each(['http://spam.example', '  x '])('answers a filled honeypot (%j) like a stored message, stores nothing and logs it', async (website) => {
    const warn = vi.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    const { create, model } = fakeModel();
    const receipt = await new ContactService(model).submit({ name: 'Bot', email: 'bot@example.com', message: 'Cheap pills', website });
    expect(create).not.toHaveBeenCalled();
    expect(receipt).toMatchObject({ name: 'Bot', email: 'bot@example.com', message: 'Cheap pills' });
    expect(Object.keys(receipt).sort()).toEqual(['email', 'id', 'message', 'name', 'receivedAt']);
    expect(Types.ObjectId.isValid(receipt.id)).toBe(true);
    expect(Date.parse(receipt.receivedAt)).not.toBeNaN();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('honeypot'));
  });

  it('treats a whitespace-only honeypot as empty (a person)', async () => {
    const { create, model } = fakeModel();
    await new ContactService(model).submit({ name: 'Ana', email: 'ana@example.com', message: 'Hi', website: '   ' });
    expect(create).toHaveBeenCalledTimes(1);
  });
});
