import { expect, test, type Page } from '@playwright/test';
import { addPublication, bodyBox, openApp, screen, titleBox } from '../support/app';
import { journey } from '../support/journey';
import { apiGet } from '../support/processes';

const world = journey({ subdomain: 'notes', name: 'Notes' });

// Google Docs' clipboard, as Chromium hands it to the page (styles cut to what matters).
const FROM_DOCS =
  '<meta charset="utf-8"><b style="font-weight:normal;" id="docs-internal-guid-5d0e9c1a-7fff-4b3c-8e2d-0a1b2c3d4e5f">' +
  '<p dir="ltr" style="line-height:1.38;"><span style="font-weight:400;">Plain, </span>' +
  '<span style="font-weight:700;">bold</span><span style="font-weight:400;"> and </span>' +
  '<span style="font-weight:400;font-style:italic;">italic</span></p></b><br>';
const TABLE =
  '<table><tr><td>Mon</td><td>4 miles</td></tr><tr><td>Tue</td><td>6 miles</td></tr></table>';

/** A paste as the browser delivers it: the editor reads the event's clipboard data. */
async function paste(page: Page, html: string): Promise<void> {
  await bodyBox(page).evaluate((element, pasted) => {
    // This file is typechecked without the DOM library: the page's globals, by name.
    const page = globalThis as any;
    const data = new page.DataTransfer();
    data.setData('text/html', pasted);
    data.setData('text/plain', pasted.replace(/<[^>]+>/g, ''));
    element.dispatchEvent(
      new page.ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, html);
}

test('paste from Google Docs and a table: the marks it shows, the table kept, added to and captioned, a captioned image, and writing on below a code block', async ({
  page,
}) => {
  await openApp(page, world.host);
  await addPublication(page, {
    name: 'Notes',
    baseUrl: world.server.url,
    subdomain: 'notes',
    token: world.token,
  });
  await page.getByRole('button', { name: 'New post' }).click();
  await titleBox(page).fill('Pasted in');
  await titleBox(page).press('Enter');
  await paste(page, FROM_DOCS);
  const text = bodyBox(page);
  // Under the strict CSP, Docs' <b style="font-weight:normal"> wrapper used to make it all bold.
  await expect(text.locator('strong')).toHaveText(['bold']);
  await expect(text.locator('em')).toHaveText(['italic']);
  await expect(text).toContainText('Plain, bold and italic');

  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  // The new line carries on in italics, as in any word processor, until turned off.
  await page.keyboard.press('Control+I');
  await expect(page.getByRole('button', { name: 'Italic' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await page.keyboard.type('Week one, done.');
  for (let i = 0; i < 'done.'.length; i++) await page.keyboard.press('ArrowLeft');
  // Pasted mid-line, the table stays a table and the line is split around it.
  await paste(page, TABLE);
  await expect(text.locator('tr')).toHaveText(['Mon4 miles', 'Tue6 miles']);
  await expect(text.locator(':scope > p')).toHaveText([
    'Plain, bold and italic',
    'Week one,',
    'done.',
  ]);
  // A row more from the table's tools, written by keyboard: Tab goes on to the next cell.
  await text.locator('td', { hasText: '6 miles' }).click();
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const tools = page.getByRole('toolbar', { name: 'Table' });
  await expect(tools.getByRole('button', { name: 'Insert table' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await tools.getByRole('button', { name: 'Add row below' }).click();
  await page.keyboard.press('Tab');
  await page.keyboard.type('Wed');
  await page.keyboard.press('Tab');
  await page.keyboard.type('5 miles');
  await expect(text.locator('tr')).toHaveText(['Mon4 miles', 'Tue6 miles', 'Wed5 miles']);
  // A caption from the same tools, typed where the caret goes: above the table.
  await tools.getByRole('button', { name: 'Table caption' }).click();
  await page.keyboard.type('Miles run');
  await expect(text.locator('[data-table-caption]')).toHaveText('Miles run');
  await screen(page, '12-paste', 'pasted');
  await page.keyboard.press('Control+End');

  // A captioned image from the toolbar: a figure below the line, the caret at its caption's end.
  // (No network here: the picture itself shows as broken, its description in its place.)
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const form = page.getByRole('form', { name: 'Image' });
  await form.getByRole('textbox', { name: 'Image address' }).fill('http://example.com/shoes.jpg');
  await page.keyboard.press('Enter');
  await expect(form.getByRole('status')).toContainText('https:// addresses only');
  await form.getByRole('textbox', { name: 'Image address' }).fill('https://example.com/shoes.jpg');
  await form.getByRole('textbox', { name: 'Description' }).fill('Muddy running shoes');
  await form.getByRole('textbox', { name: 'Caption' }).fill('After the Tuesday run');
  await form.getByRole('button', { name: 'Insert' }).click();
  await expect(form).toBeHidden();
  await expect(text.locator('figure figcaption')).toHaveText('After the Tuesday run');
  await page.keyboard.type(', in the rain');
  await expect(text.locator('figure figcaption')).toHaveText('After the Tuesday run, in the rain');
  await screen(page, '12-paste', 'figure');

  // A post ending in a code block: a click below it writes on after it, not inside it.
  await page.keyboard.press('Enter');
  await page.getByRole('button', { name: 'Code block' }).click();
  await page.keyboard.type('npm start');
  const box = await text.boundingBox();
  const block = await text.locator('pre').boundingBox();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeGreaterThan(
    (block?.y ?? 0) + (block?.height ?? 0) + 40,
  );
  await page.mouse.click((box?.x ?? 0) + 40, (box?.y ?? 0) + (box?.height ?? 0) - 20);
  await page.keyboard.type('After the code.');
  await expect(text.locator('pre')).toHaveText('npm start');
  await expect(text.locator('p').last()).toHaveText('After the code.');

  await page.keyboard.press('Control+S');
  await page.getByRole('button', { name: 'Publish to Notes', exact: true }).click();
  await expect(page.getByText('Published on Notes.')).toBeVisible();
  const { body } = await apiGet(world.server, 'notes', '/posts/pasted-in', world.token);
  expect(body.post.content).toBe(
    '<p>Plain, <strong>bold</strong> and <em>italic</em></p><p>Week one, </p>' +
      '<table><caption>Miles run</caption><tbody><tr><td>Mon</td><td>4 miles</td></tr><tr><td>Tue</td><td>6 miles</td></tr>' +
      '<tr><td>Wed</td><td>5 miles</td></tr></tbody></table><p>done.</p>' +
      '<figure><img src="https://example.com/shoes.jpg" alt="Muddy running shoes">' +
      '<figcaption>After the Tuesday run, in the rain</figcaption></figure>' +
      '<pre><code>npm start</code></pre><p>After the code.</p>',
  );
});
