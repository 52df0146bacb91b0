import { shot, test, VIEWPORTS } from './support/fixtures.ts';
import { SCREENS, seedScreens, showScheme, type ScreenData } from './support/screens.ts';

// Every screen at 1440, 1024 and 390 px, light and dark, in test-results/screenshots/, for people to look at.

let data: ScreenData;
test.beforeAll(async ({ playwright, serverURL }) => {
  const request = await playwright.request.newContext({ baseURL: serverURL });
  data = await seedScreens(request);
  await request.dispose();
});

for (const screen of SCREENS) {
  test(`screenshots: ${screen.name}`, { tag: '@screens' }, async ({ page, signInAs }) => {
    // Six screenshots (three widths, light and dark) of one screen: three times the usual limit.
    test.slow();
    if (screen.as !== null) await signInAs(screen.as ?? 'admin', screen.as ? 'demo' : 'admin');
    await page.setViewportSize(VIEWPORTS[0]!);
    await showScheme(page, 'light');
    await screen.open(page, data);
    for (const scheme of ['light', 'dark'] as const) {
      await showScheme(page, scheme);
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await page.waitForTimeout(100); // the layout of the new width
        await page.screenshot({ path: shot(`${screen.name}-${scheme}-${viewport.name}`), animations: 'disabled' });
      }
    }
  });
}
