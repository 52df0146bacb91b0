import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorJson, json, stubApi } from '../test/render.tsx';
import { ApiError } from './errors.ts';
import { browser, downloadContent, downloadZip, ZipNotMadeError, zipPolling } from './download.ts';
import { session } from './session.ts';

const contentUrl = 'http://quire.test/alfresco/api/-default-/public/alfresco/versions/1/direct-access/abc.def';
const entry = { entry: { contentUrl, attachment: true, expiryTime: '2030-01-01T00:00:30.000+0000' } };

afterEach(() => {
  vi.restoreAllMocks();
});

describe('downloadContent', () => {
  it("asks for a version's direct access URL with the ticket in a header, then goes there", async () => {
    session.set({ ticket: 'TICKET_x', userId: 'alice' });
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const requests = stubApi({ 'POST /nodes/n%201/versions/2.1/request-direct-access-url': () => json(200, entry) });
    await downloadContent({ nodeId: 'n 1', versionId: '2.1' });
    expect(requests[0]?.url).toBe(
      'http://quire.test/alfresco/api/-default-/public/alfresco/versions/1/nodes/n%201/versions/2.1/request-direct-access-url',
    );
    expect(requests[0]?.headers.get('Authorization')).toBe(`Basic ${btoa('TICKET_x')}`);
    expect(go).toHaveBeenCalledWith(contentUrl);
    expect(go.mock.calls[0]?.[0]).not.toContain('TICKET');
  });

  it('goes nowhere when the URL is refused', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    stubApi({
      'POST /nodes/gone/request-direct-access-url': () => errorJson(404, 'The entity with id: gone was not found'),
    });
    await expect(downloadContent({ nodeId: 'gone' })).rejects.toBeInstanceOf(ApiError);
    expect(go).not.toHaveBeenCalled();
  });
});

describe('downloadZip', () => {
  const status = (s: string) =>
    json(200, { entry: { id: 'z1', status: s, bytesAdded: 0, filesAdded: 0, totalBytes: 0, totalFiles: 0 } });

  it('asks the server for a ZIP, waits while it is built, then downloads it by a direct access URL', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    const wait = vi.spyOn(zipPolling, 'wait').mockResolvedValue();
    const states = ['PENDING', 'IN_PROGRESS', 'DONE'];
    const requests = stubApi({
      'POST /downloads': () => json(202, { entry: { id: 'z1', status: 'PENDING' } }),
      'GET /downloads/z1': () => status(states.shift()!),
      'POST /nodes/z1/request-direct-access-url': () => json(200, entry),
    });
    await downloadZip(['a', 'b']);
    expect(await requests[0]?.json()).toEqual({ nodeIds: ['a', 'b'] });
    expect(wait).toHaveBeenCalledTimes(2);
    expect(go).toHaveBeenCalledWith(contentUrl);
  });

  it('says so when the server gives up on the ZIP, and downloads nothing', async () => {
    const go = vi.spyOn(browser, 'go').mockImplementation(() => {});
    vi.spyOn(zipPolling, 'wait').mockResolvedValue();
    stubApi({
      'POST /downloads': () => json(202, { entry: { id: 'z1', status: 'PENDING' } }),
      'GET /downloads/z1': () => status('MAX_CONTENT_SIZE_EXCEEDED'),
    });
    const refused = downloadZip(['big']);
    await expect(refused).rejects.toBeInstanceOf(ZipNotMadeError);
    await expect(refused).rejects.toThrow('larger than this repository zips in one download');
    expect(go).not.toHaveBeenCalled();
  });
});
