import { cleanup, fireEvent, render, screen } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HeaderActions } from '../../../components/popup/HeaderActions';
import { ErrorCard, LoadingCard } from '../../../components/popup/StatusCards';

afterEach(cleanup);

describe('ErrorCard', () => {
  it('shows the message in words and retries', () => {
    const onRetry = vi.fn();
    render(<ErrorCard message="The background worker did not answer “inspect”." onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('did not answer');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });
});

describe('LoadingCard', () => {
  it('shows the URL being fetched, the seconds elapsed, and Cancel and Retry', () => {
    const onCancel = vi.fn();
    const onRetry = vi.fn();
    render(
      <LoadingCard
        message="Fetching robots.txt…"
        url="http://127.0.0.1:4790/robots.txt"
        elapsedSeconds={4}
        onCancel={onCancel}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByTestId('loading-url').textContent).toBe('http://127.0.0.1:4790/robots.txt');
    expect(screen.getByTestId('loading-elapsed').textContent).toBe('4 s elapsed');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('says what it waits for', () => {
    render(<LoadingCard message="Fetching robots.txt…" />);
    expect(screen.getByTestId('loading').textContent).toContain('Fetching robots.txt…');
  });
});

describe('HeaderActions', () => {
  it('copies the report and says "Copied"', async () => {
    const onCopy = vi.fn(async () => {});
    render(<HeaderActions report={() => 'URL: x\nVerdict: Blocked'} onCopy={onCopy} onPopOut={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Copy report' }));
    expect(onCopy).toHaveBeenCalledWith('URL: x\nVerdict: Blocked');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });

  it('says why copying failed', async () => {
    render(
      <HeaderActions
        report={() => 'r'}
        onCopy={() => Promise.reject(new Error('Document is not focused.'))}
        onPopOut={null}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Copy report' }));
    expect(await screen.findByText('Could not copy: Document is not focused.')).toBeTruthy();
  });

  it('pops out, and hides the button when already popped out', () => {
    const onPopOut = vi.fn();
    const { rerender } = render(<HeaderActions report={() => ''} onCopy={vi.fn()} onPopOut={onPopOut} />);
    fireEvent.click(screen.getByRole('button', { name: 'Pop out' }));
    expect(onPopOut).toHaveBeenCalledOnce();
    rerender(<HeaderActions report={() => ''} onCopy={vi.fn()} onPopOut={null} />);
    expect(screen.queryByRole('button', { name: 'Pop out' })).toBeNull();
  });
});
