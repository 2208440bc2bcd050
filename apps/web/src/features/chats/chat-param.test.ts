import type { Bot } from '@amora/shared/bots.ts';
import type { Chat } from '@amora/shared/chat.ts';
import { describe, expect, it } from 'vitest';
import { chatParamTarget } from './chat-param.ts';

const bot = (id: string, remote: number) => ({ _id: id, remote_id: remote }) as Bot;
const chat = (id: string, botId: string) => ({ _id: id, bot: { _id: botId } }) as Chat;
const bots = [bot('b-support', 0), bot('b-mia', 3), bot('b-ann', 7)];

describe('?chat= (SPEC §2)', () => {
  it('names one of the user’s chats', () => {
    expect(chatParamTarget('c1', [chat('c1', 'b-mia')], bots)).toEqual({ kind: 'chat', chatId: 'c1' });
  });
  it('names a character by remote_id or _id: her chat when there is one, else her profile', () => {
    const chats = [chat('c1', 'b-mia')];
    expect(chatParamTarget('3', chats, bots)).toEqual({ kind: 'chat', chatId: 'c1' });
    expect(chatParamTarget('b-ann', chats, bots)).toEqual({ kind: 'model', remoteId: 7 });
    expect(chatParamTarget('7', undefined, bots)).toEqual({ kind: 'model', remoteId: 7 });
  });
  it('ignores an unknown value, another user’s chat id and the support character', () => {
    expect(chatParamTarget('nope', [], bots)).toBeNull();
    expect(chatParamTarget(' ', [], bots)).toBeNull();
    expect(chatParamTarget('0', [], bots)).toBeNull();
  });
});
