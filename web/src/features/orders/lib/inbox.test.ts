import { describe, expect, it } from 'vitest';
import { brokenPhotoDraft, makeInboxDraft, voiceDraft } from '../test/inbox-fixtures';
import { makeClient } from '../test/order-fixtures';
import { clientOfDraft, draftMovedOnCode, newClientNameOf, parseResultOfDraft } from './inbox';

describe('parseResultOfDraft', () => {
  it('starts from the reading, with the message file when the reading does not name one', () => {
    const draft = makeInboxDraft({ kind: 'image', fileUrl: '/api/files/intake/orders/p.jpg' });
    expect(parseResultOfDraft(draft)).toEqual({ ...draft.reading, uploadedFileUrl: '/api/files/intake/orders/p.jpg' });
    expect(parseResultOfDraft(voiceDraft)).toEqual(voiceDraft.reading);
  });

  it('gives a message nothing was read from an empty reading of its kind, with its text', () => {
    expect(parseResultOfDraft(brokenPhotoDraft)).toEqual({
      parsed: { clientName: '', clientId: null, items: [] },
      rawText: 'list for tomorrow',
      engine: '',
      pricing: 'catalogue',
      source: 'image',
    });
    const voice = { ...voiceDraft, reading: null };
    expect(parseResultOfDraft(voice)).toMatchObject({ source: 'voice', uploadedFileUrl: voiceDraft.fileUrl });
  });
});

describe('newClientNameOf', () => {
  it('takes the sender\'s profile name, else the client the message names, never "Unknown Client"', () => {
    expect(newClientNameOf(voiceDraft)).toBe('Khalid Bakery');
    const named = makeInboxDraft({ senderName: null });
    expect(
      newClientNameOf({
        ...named,
        reading: { ...named.reading!, parsed: { ...named.reading!.parsed, clientName: 'Baraka Foods' } },
      }),
    ).toBe('Baraka Foods');
    expect(newClientNameOf(named)).toBe('');
    expect(newClientNameOf(brokenPhotoDraft)).toBe('');
  });
});

describe('clientOfDraft', () => {
  it('prefers the client the server matched, else one made for the number on the screen', () => {
    const made = makeClient({ id: 'c-khalid', name: 'Khalid Bakery', whatsapp: '966558124403' });
    expect(clientOfDraft(makeInboxDraft(), {})?.id).toBe('c-noor');
    expect(clientOfDraft(voiceDraft, {})).toBeNull();
    expect(clientOfDraft(voiceDraft, { '966558124403': made })).toEqual({
      id: 'c-khalid',
      name: 'Khalid Bakery',
      nameAr: made.nameAr,
      phone: made.phone,
    });
  });
});

describe('draftMovedOnCode', () => {
  it('names the refusals that mean someone else decided first', () => {
    const refusal = (code: string, status: number) => ({ status, message: `${status}`, body: { code, message: code } });
    expect(draftMovedOnCode(refusal('INBOX_DRAFT_NOT_WAITING', 409))).toBe('INBOX_DRAFT_NOT_WAITING');
    expect(draftMovedOnCode(refusal('INBOX_DRAFT_NOT_FOUND', 404))).toBe('INBOX_DRAFT_NOT_FOUND');
    expect(draftMovedOnCode(refusal('VALIDATION_FAILED', 400))).toBeNull();
  });
});
