/** Zones Management in the browser (spec 1-foundations-and-admin.md §2.7, §5.4, §8.4). */
import { expectToast, openAsAdmin, uniqueName } from './admin-helpers';
import { expect, test } from './fixtures';

test.describe('zones', () => {
  test('an admin creates a zone, is told about mistakes first, and edits it', async ({ page }) => {
    await openAsAdmin(page, '/admin/zones');
    await expect(page.getByRole('heading', { level: 1, name: 'Zones Management' })).toBeVisible();
    await expect(page.getByText('Manage geographical zones for couriers and restaurants')).toBeVisible();
    for (const column of ['Name', 'Description', 'Cities', 'Status', 'Actions'])
      await expect(page.getByRole('columnheader', { name: column, exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create New Zone' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expect(dialog.getByText('Enter cities separated by commas')).toBeVisible();

    // Validation runs before any call: the first message in a toast, each next to its field.
    await dialog.getByRole('button', { name: 'Create Zone' }).click();
    await expectToast(page, 'Zone name is required');
    await expect(dialog.getByLabel('Zone Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByText('At least one city is required')).toBeVisible();

    const name = uniqueName('Lakeland');
    await dialog.getByLabel('Zone Name').fill(name);
    await dialog.getByLabel('Description').fill('Polk County');
    await dialog.getByLabel('Cities').fill(' Lakeland, , Winter Haven ,');
    await dialog.getByRole('button', { name: 'Create Zone' }).click();
    await expectToast(page, 'Zone created successfully');
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Lakeland, Winter Haven');
    await expect(row).toContainText('Active');

    // The same name in another case is refused by the server with a clear message.
    await page.getByRole('button', { name: 'Add Zone' }).click();
    await dialog.getByLabel('Zone Name').fill(name.toUpperCase());
    await dialog.getByLabel('Cities').fill('Lakeland');
    await dialog.getByRole('button', { name: 'Create Zone' }).click();
    await expectToast(page, `A zone named "${name}" already exists. Choose another name.`);
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await row.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Zone' });
    await expect(edit.getByLabel('Zone Name')).toHaveValue(name);
    await expect(edit.getByLabel('Cities')).toHaveValue('Lakeland, Winter Haven');
    await edit.getByLabel('Cities').fill('Lakeland, Bartow');
    await edit.getByRole('switch', { name: 'Active' }).uncheck({ force: true });
    await edit.getByRole('button', { name: 'Update Zone' }).click();
    await expectToast(page, 'Zone updated successfully');
    await expect(row).toContainText('Lakeland, Bartow');
    await expect(row).toContainText('Inactive');
  });
});
