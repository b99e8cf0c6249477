import {
  eventSettingsSchema,
  LAYOUT_ITEMS,
  MENU_ITEMS_MAX,
  type Highlight,
  type LayoutItem,
  type MenuItem,
} from '@livent/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { lazyResolver } from '../../lib/forms/lazy-resolver';
import { loadNamespaces } from '../../lib/i18n/i18n';
import { renderInRouter } from '../../test/render';
import { json } from '../../test/users';
import { highlightsQueryKey } from '../../lib/events/highlights';
import { completeHexColor, isHexColor, readableOn, swatchValue } from './color';
import { ColorField } from './components/color-field';
import { LayoutOrderField } from './components/layout-order-field';
import { MenuItemsField, type MenuItemsValues } from './components/menu-items-field';
import { useHighlightMutations } from './hooks/use-highlights';
import { applyOrder, completeLayoutOrder, moveId, moveItem, toggleLayoutOrder } from './list-order';
import { stubFetch } from '../../test/fetch-stub';

beforeAll(async () => {
  await loadNamespaces('design', 'events', 'forms');
});

afterEach(() => vi.unstubAllGlobals());

describe('list order', () => {
  it('moves an item and leaves the input as it was', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(items, 1, 9)).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves an id one step and refuses to move past the ends', () => {
    expect(moveId(['a', 'b', 'c'], 'b', 'up')).toEqual(['b', 'a', 'c']);
    expect(moveId(['a', 'b', 'c'], 'b', 'down')).toEqual(['a', 'c', 'b']);
    expect(moveId(['a', 'b', 'c'], 'a', 'up')).toBeUndefined();
    expect(moveId(['a', 'b', 'c'], 'c', 'down')).toBeUndefined();
    expect(moveId(['a', 'b', 'c'], 'x', 'down')).toBeUndefined();
  });

  it('puts highlights into the order of the ids and renumbers their positions', () => {
    const list = [highlight('a', 0), highlight('b', 1), highlight('c', 2)];
    const ordered = applyOrder(list, ['c', 'a', 'b']);
    expect(ordered.map((item) => [item.id, item.position])).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
    // Items the ids leave out stay at the end, in their order.
    expect(applyOrder(list, ['b']).map((item) => item.id)).toEqual(['b', 'a', 'c']);
  });

  it('switches the custom layout order between null and all six blocks', () => {
    expect(toggleLayoutOrder(null, true)).toEqual([...LAYOUT_ITEMS]);
    expect(toggleLayoutOrder(['highlights', 'player'], false)).toBeNull();
    expect(toggleLayoutOrder(['highlights', 'player'], true)).toEqual([
      'highlights',
      'player',
      'extraFrame',
      'messages',
      'extraImage',
      'content',
    ]);
    expect(completeLayoutOrder([...LAYOUT_ITEMS].reverse())).toEqual([...LAYOUT_ITEMS].reverse());
  });
});

describe('colours', () => {
  it('completes typed colours and keeps invalid ones for the schema to refuse', () => {
    expect(completeHexColor(' 1D2333 ')).toBe('#1d2333');
    expect(completeHexColor('#ABC')).toBe('#aabbcc');
    expect(completeHexColor('#12345')).toBe('#12345');
    expect(completeHexColor('red')).toBe('red');
    expect(isHexColor('#1d2333')).toBe(true);
    expect(isHexColor('#1d233')).toBe(false);
    expect(swatchValue('#ABCDEF')).toBe('#abcdef');
    expect(swatchValue('nope')).toBe('#000000');
    expect(readableOn('#ffffff')).toBe('#000000');
    expect(readableOn('#1d2333')).toBe('#ffffff');
  });

  function ColorForm({ onValid }: { onValid: (values: { accentColor: string }) => void }) {
    const form = useForm<{ accentColor: string }>({
      resolver: lazyResolver(async () => eventSettingsSchema.pick({ accentColor: true })),
      defaultValues: { accentColor: '#3f51b5' },
    });
    return (
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <ColorField control={form.control} name="accentColor" label="Accent" />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('says "Color not valid (#000000)" at the field and saves a completed colour', async () => {
    const onValid = vi.fn();
    renderInRouter(<ColorForm onValid={onValid} />);
    const input = await screen.findByLabelText('Accent');
    const swatch = screen.getByLabelText('Pick Accent');
    expect(swatch).toHaveValue('#3f51b5');

    await userEvent.clear(input);
    await userEvent.type(input, '#12345');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Color not valid (#000000)')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(swatch).toHaveValue('#000000');
    expect(onValid).not.toHaveBeenCalled();

    await userEvent.clear(input);
    await userEvent.type(input, 'FF8800');
    await userEvent.tab(); // leaving the field completes the code
    expect(input).toHaveValue('#ff8800');
    expect(swatch).toHaveValue('#ff8800');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    expect(onValid.mock.calls[0]?.[0]).toEqual({ accentColor: '#ff8800' });
    expect(screen.queryByText('Color not valid (#000000)')).not.toBeInTheDocument();

    fireEvent.change(swatch, { target: { value: '#00aa55' } });
    expect(input).toHaveValue('#00aa55');
  });
});

describe('menu items', () => {
  function MenuForm({
    items,
    onValid,
  }: {
    items: MenuItem[];
    onValid: (values: MenuItemsValues) => void;
  }) {
    const form = useForm<MenuItemsValues>({
      resolver: lazyResolver(async () => eventSettingsSchema.pick({ menuItems: true })),
      defaultValues: { menuItems: items },
    });
    return (
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <MenuItemsField
          control={form.control}
          register={form.register}
          errors={form.formState.errors}
        />
        <button type="submit">Save</button>
      </form>
    );
  }

  const item = (name: string): MenuItem => ({
    name,
    link: `https://example.com/${name.toLowerCase()}`,
    newWindow: false,
  });

  const submitted = async (onValid: ReturnType<typeof vi.fn>) => {
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalled());
    return (onValid.mock.calls.at(-1)?.[0] as MenuItemsValues).menuItems;
  };

  it('adds, edits, moves and removes menu items', async () => {
    const onValid = vi.fn();
    renderInRouter(<MenuForm items={[item('Home'), item('Agenda')]} onValid={onValid} />);
    expect(await screen.findByText('2 of 10 menu items')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add menu item' }));
    const third = screen.getByRole('listitem', { name: 'Menu item 3' });
    expect(within(third).getByLabelText('Name')).toHaveFocus();
    await userEvent.type(within(third).getByLabelText('Name'), 'Contact');
    await userEvent.type(within(third).getByLabelText('Link'), 'mailto:hello@example.com');
    await userEvent.selectOptions(within(third).getByLabelText('Opens in'), 'New window');

    await userEvent.click(screen.getByRole('button', { name: 'Move Menu item 3 up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Menu item 1 down' }));
    expect(await submitted(onValid)).toEqual([
      { name: 'Contact', link: 'mailto:hello@example.com', newWindow: true },
      item('Home'),
      item('Agenda'),
    ]);
    expect(screen.getByRole('button', { name: 'Move Menu item 1 up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Menu item 3 down' })).toBeDisabled();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Menu item 2' }));
    expect(screen.getAllByTestId('menu-item')).toHaveLength(2);
    expect(await submitted(onValid)).toEqual([
      { name: 'Contact', link: 'mailto:hello@example.com', newWindow: true },
      item('Agenda'),
    ]);
  });

  it('stops at the maximum with "must not exceed {max} entries"', async () => {
    const items = Array.from({ length: MENU_ITEMS_MAX - 1 }, (_, index) => item(`Item${index}`));
    renderInRouter(<MenuForm items={items} onValid={vi.fn()} />);
    const add = await screen.findByRole('button', { name: 'Add menu item' });
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(add).toBeDisabled();
    expect(screen.getByText(`Must not exceed ${MENU_ITEMS_MAX} entries`)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', { name: `Remove Menu item ${MENU_ITEMS_MAX}` }),
    );
    expect(add).toBeEnabled();
    expect(screen.queryByText(/Must not exceed/)).not.toBeInTheDocument();
  });

  it("shows each field's message at the field", async () => {
    const onValid = vi.fn();
    renderInRouter(
      <MenuForm items={[{ name: '', link: 'not a link', newWindow: false }]} onValid={onValid} />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const row = screen.getByRole('listitem', { name: 'Menu item 1' });
    expect(await within(row).findByText('This field is required')).toBeInTheDocument();
    expect(within(row).getByText('URL not valid')).toBeInTheDocument();
    expect(within(row).getByLabelText('Link')).toHaveAttribute('aria-invalid', 'true');
    expect(onValid).not.toHaveBeenCalled();
  });
});

describe('custom layout order', () => {
  function OrderForm({
    order,
    disabled = false,
    onValid,
  }: {
    order: LayoutItem[] | null;
    disabled?: boolean;
    onValid: (values: { customLayoutOrder: LayoutItem[] | null }) => void;
  }) {
    const form = useForm<{ customLayoutOrder: LayoutItem[] | null }>({
      defaultValues: { customLayoutOrder: order },
    });
    return (
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <LayoutOrderField control={form.control} name="customLayoutOrder" disabled={disabled} />
        <button type="submit">Save</button>
      </form>
    );
  }

  it('turns the custom order on, reorders the blocks and turns it off again', async () => {
    const onValid = vi.fn();
    renderInRouter(<OrderForm order={null} onValid={onValid} />);
    const toggle = await screen.findByRole('switch', { name: 'Use a custom order' });
    expect(toggle).not.toBeChecked();
    expect(screen.queryByTestId('layout-item')).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(screen.getAllByTestId('layout-item').map((row) => row.textContent)).toEqual([
      '1Player with side frame',
      '2Extra frame',
      '3Message tool',
      '4Extra image',
      '5Content',
      '6Highlights',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Move Highlights up' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      customLayoutOrder: [
        'player',
        'extraFrame',
        'messages',
        'extraImage',
        'highlights',
        'content',
      ],
    });

    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(onValid.mock.calls[1]?.[0]).toEqual({ customLayoutOrder: null });
  });

  it('is locked when the plan lacks the feature', async () => {
    renderInRouter(<OrderForm order={['content', 'player']} disabled onValid={vi.fn()} />);
    expect(await screen.findByRole('switch', { name: 'Use a custom order' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Content down' })).toBeDisabled();
  });
});

function highlight(id: string, position: number): Highlight {
  return { id, position, group: '', title: id, description: '', link: '', image: null };
}

describe('highlight reorder', () => {
  function setup(answer: () => Response) {
    const fetch = stubFetch(answer);
    const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const list = [highlight('a', 0), highlight('b', 1), highlight('c', 2)];
    queryClient.setQueryData(highlightsQueryKey('e1'), list);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useHighlightMutations('e1'), { wrapper });
    const cached = () =>
      queryClient.getQueryData<Highlight[]>(highlightsQueryKey('e1'))?.map((item) => item.id);
    return { fetch, list, result, cached };
  }

  it('shows the new order at once and sends every id in it', async () => {
    const { fetch, list, result, cached } = setup(() => new Response(null, { status: 204 }));
    let moved = false;
    act(() => {
      moved = result.current.move(list, 'c', 'up');
    });
    expect(moved).toBe(true);
    await waitFor(() => expect(cached()).toEqual(['a', 'c', 'b']));
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/events/e1/highlights/order');
    expect(init.method).toBe('PUT');
    expect(JSON.parse(String(init.body))).toEqual({ ids: ['a', 'c', 'b'] });
    expect(result.current.move(list, 'a', 'up')).toBe(false);
  });

  it('goes back to the saved order when the server refuses', async () => {
    const { list, result, cached } = setup(() =>
      json(404, { code: 404, message: 'Event not found' }),
    );
    act(() => {
      result.current.move(list, 'a', 'down');
    });
    await waitFor(() => expect(result.current.reorder.isError).toBe(true));
    expect(cached()).toEqual(['a', 'b', 'c']);
  });
});
