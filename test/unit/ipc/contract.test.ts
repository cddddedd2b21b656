import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { buildApi, describeContract, event, invoke } from '../../../shared/ipc/define';
import { ipcChannels, ipcContract } from '../../../shared/ipc/contract';

describe('IPC contract', () => {
  it('names every channel group.method, with events (and only events) starting with "on"', () => {
    expect(() => describeContract(ipcContract)).not.toThrow();
    for (const descriptor of ipcChannels) {
      expect(descriptor.channel).toBe(`${descriptor.group}.${descriptor.method}`);
      expect(descriptor.kind === 'event').toBe(descriptor.method.startsWith('on'));
    }
  });

  it('refuses badly named channels', () => {
    expect(() => describeContract({ nodot: invoke(z.undefined(), z.null()) })).toThrow(/group\.method/);
    expect(() => describeContract({ 'a.b.c': invoke(z.undefined(), z.null()) })).toThrow(/group\.method/);
    expect(() => describeContract({ 'a.onThing': invoke(z.undefined(), z.null()) })).toThrow(/start with "on"/);
    expect(() => describeContract({ 'a.thing': event(z.null()) })).toThrow(/start with "on"/);
  });

  it('builds one method per channel, invoking by channel name and subscribing with an unsubscribe', async () => {
    const invokeSpy = vi.fn(async (channel: string, request: unknown) => ({ ok: true, value: { channel, request } }));
    const unsubscribe = vi.fn();
    const subscribeSpy = vi.fn((_channel: string, _listener: (p: unknown) => void) => unsubscribe);
    const api = buildApi(ipcChannels, { invoke: invokeSpy, subscribe: subscribeSpy }) as Record<string, Record<string, (...args: unknown[]) => unknown>>;
    const groups = new Set(ipcChannels.map((c) => c.group));
    expect(Object.keys(api).sort()).toEqual([...groups].sort());
    for (const { group, method } of ipcChannels) expect(typeof api[group]![method]).toBe('function');

    await expect(api.accounts!.list!()).resolves.toEqual({ ok: true, value: { channel: 'accounts.list', request: undefined } });
    const listener = vi.fn();
    const off = api.app!.onProblem!(listener);
    expect(subscribeSpy).toHaveBeenCalledWith('app.onProblem', listener);
    expect(off).toBe(unsubscribe);
    expect(() => api.app!.onProblem!('not a function')).toThrow(TypeError);
  });
});
