import type { AiStatus } from '@amora/shared/ai-status.ts';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createAiStatusTracker } from './ai-status.ts';

describe('AI status tracker', () => {
  it('moves ok → degraded → down on failures and back to ok, announcing only changes', () => {
    const changes: AiStatus[] = [];
    let clock = Date.parse('2025-06-01T10:00:00Z');
    const s = createAiStatusTracker({
      engine: 'openai',
      languages: ['en', 'de'],
      onChange: (x) => changes.push(x),
      now: () => new Date(clock),
    });
    expect(s.current()).toMatchObject({
      engine: 'openai',
      status: 'ok',
      lastErrorAt: null,
      languages: ['en', 'de'],
    });
    s.success();
    expect(changes).toHaveLength(0);
    clock += 1000;
    s.failure();
    expect(s.current()).toMatchObject({ status: 'degraded', lastErrorAt: '2025-06-01T10:00:01.000Z' });
    clock += 1000;
    s.failure();
    expect(s.current()).toMatchObject({ status: 'down', lastErrorAt: '2025-06-01T10:00:02.000Z' });
    s.failure();
    s.success({ retried: true });
    expect(s.current().status).toBe('degraded');
    s.success();
    expect(changes.map((c) => c.status)).toEqual(['degraded', 'down', 'degraded', 'ok']);
    expect(s.current().lastErrorAt).toBe('2025-06-01T10:00:02.000Z');
  });
});

describe('LLM configuration', () => {
  it('refuses LLM_BASE_URL without LLM_MODEL', () => {
    expect(() => loadConfig({ LLM_BASE_URL: 'http://localhost:11434' })).toThrow(/LLM_MODEL/);
    expect(
      loadConfig({ LLM_BASE_URL: 'http://localhost:11434', LLM_MODEL: 'llama3' }).LLM_CONTEXT_TOKENS,
    ).toBe(4096);
  });
});
