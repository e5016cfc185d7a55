import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer.tsx';

function renderFooter() {
  return {
    user: userEvent.setup(),
    ...render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    ),
  };
}

describe('site footer', () => {
  it('shows the contact details, the social link and this year', () => {
    renderFooter();

    expect(screen.getByRole('link', { name: 'contacto@ensaya.cl' })).toHaveAttribute(
      'href',
      'mailto:contacto@ensaya.cl',
    );
    expect(screen.getByRole('link', { name: '+56 2 2938 4100' })).toHaveAttribute(
      'href',
      'tel:+56229384100',
    );
    expect(screen.getByText(/Av\. Providencia 1208.*Santiago, Chile/)).toBeInTheDocument();
    const instagram = screen.getByRole('link', { name: /Instagram/ });
    expect(instagram).toHaveAttribute('href', 'https://www.instagram.com/ensaya.cl');
    expect(instagram).toHaveAttribute('target', '_blank');
    expect(instagram.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(`© ${new Date().getFullYear()} Ensaya`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Preguntas frecuentes' })).toHaveAttribute(
      'href',
      '/preguntas-frecuentes',
    );
    expect(screen.getByRole('link', { name: 'Soporte' })).toHaveAttribute('href', '/soporte');
  });

  it('opens the terms and conditions with 16 numbered paragraphs', async () => {
    const { user } = renderFooter();

    await user.click(screen.getByRole('button', { name: 'Términos y condiciones' }));

    const dialog = await screen.findByRole('dialog', { name: 'Términos y condiciones' });
    const paragraphs = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(paragraphs).toHaveLength(16);
    expect(within(dialog).getByText(/1\.784,64/)).toBeInTheDocument();
    expect(within(dialog).getByText(/19\.628/)).toBeInTheDocument();
  });
});
