import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE_URL, orgchartBaseFor, resolveConfig } from './config.ts';

describe('resolveConfig', () => {
  it('uses the serving host by default', () => {
    expect(resolveConfig(undefined, {})).toEqual({
      apiBaseUrl: DEFAULT_API_BASE_URL,
      authBaseUrl: '/alfresco/api/-default-/public/authentication/versions/1',
      orgchartBaseUrl: '/alfresco/service/api/ext/orgchart',
    });
  });
  it('prefers run time over build time, and derives the authentication base', () => {
    const env = { VITE_API_BASE_URL: 'https://build.example/alfresco/api/-default-/public/alfresco/versions/1' };
    expect(resolveConfig(undefined, env).authBaseUrl).toBe(
      'https://build.example/alfresco/api/-default-/public/authentication/versions/1',
    );
    const runtime = { apiBaseUrl: 'https://run.example/alfresco/api/-default-/public/alfresco/versions/1/' };
    expect(resolveConfig(runtime, env).apiBaseUrl).toBe(
      'https://run.example/alfresco/api/-default-/public/alfresco/versions/1',
    );
    expect(resolveConfig({ apiBaseUrl: '', authBaseUrl: 'https://auth.example' }, {}).authBaseUrl).toBe(
      'https://auth.example',
    );
  });
  it('derives the org chart base from the core API base, or takes its own', () => {
    expect(orgchartBaseFor('https://x.example/alfresco/api/-default-/public/alfresco/versions/1')).toBe(
      'https://x.example/alfresco/service/api/ext/orgchart',
    );
    expect(orgchartBaseFor('https://x.example/custom/api')).toBe('https://x.example/alfresco/service/api/ext/orgchart');
    expect(orgchartBaseFor('/custom')).toBe('/alfresco/service/api/ext/orgchart');
    expect(resolveConfig({ orgchartBaseUrl: 'https://oc.example/api/ext/orgchart/' }, {}).orgchartBaseUrl).toBe(
      'https://oc.example/api/ext/orgchart',
    );
  });
});
