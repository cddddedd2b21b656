import { expect, test } from './support/fixtures';
import { E2E_VERSION } from './support/harness';
import { screenshotPath } from './support/screenshots';

/*
 * Settings → Support: Open logs folder and Copy diagnostics, as Help has them. The
 * clipboard and the file manager are the main process's ports, recorded here.
 */

test('Copy diagnostics puts versions and counts on the clipboard, no key; Open logs folder opens logs/', async ({ page, launch }) => {
  const copied: string[] = [];
  const opened: string[] = [];
  const app = await launch({
    ports: {
      copyText: (text: string) => void copied.push(text),
      openPath: async (folder: string) => {
        opened.push(folder);
        return '';
      },
    },
  });
  await page.getByRole('button', { name: 'Settings' }).click();
  const section = page.getByRole('region', { name: 'Support' });
  await section.getByRole('button', { name: 'Copy diagnostics' }).click();
  await expect(section.getByRole('status')).toHaveText('Copied to the clipboard: paste it into your support request.');
  expect(copied).toHaveLength(1);
  expect(copied[0]).toMatch(new RegExp(`^Statusdesk ${E2E_VERSION.replace(/\./g, '\\.')} `));
  expect(copied[0]).toContain(`Data folder: ${app.core.settings.filePath.replace(/\/settings\.json$/, '')}`);
  await section.getByText('What was copied').click();
  await expect(section.locator('pre')).toContainText('Last errors:');
  await section.screenshot({ path: screenshotPath('settings-support.png') });
  await section.getByRole('button', { name: 'Open logs folder' }).click();
  await expect.poll(() => opened).toEqual([expect.stringMatching(/\/logs$/)]);
});
