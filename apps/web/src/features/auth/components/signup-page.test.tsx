import { ACCOUNT_MESSAGES, SIGNUP_PATH } from '@publisher/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../config/paths';
import { readSession } from '../../../lib/stored-session';
import { buildUser } from '@publisher/contract/testing';
import { errorBody, answerApi } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { ACCEPT_TERMS_MESSAGE } from './signup-page';

const field = (label: string) => screen.getByLabelText(label);
const signUpButton = () => screen.getByRole('button', { name: 'Sign Up' });

async function fillValidForm() {
  await userEvent.type(field('Vendor Name'), 'Lena Ortiz');
  await userEvent.type(field('Email Address'), 'lena@publisher.test');
  await userEvent.type(field('Phone Number'), '3035550140');
  await userEvent.type(field('Password'), 'Secret#123');
  await userEvent.type(field('Confirm Password'), 'Secret#123');
}

/** Sign-up loads with its own chunk: wait for its heading before using the form. */
async function renderSignup() {
  const app = renderApp(paths.signup);
  await screen.findByRole('heading', { level: 1 });
  return app;
}

describe('SignupPage', () => {
  it('shows the heading, the sub-line and a Log in link to /signin', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    expect(screen.getByRole('heading', { name: "Let's Get Started – Sign Up in a Snap!" })).toBeInTheDocument();
    expect(screen.getByText('Please fill the required information to signup.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', paths.signin);
  });

  it('applies the field limits', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    expect(field('Vendor Name')).toHaveAttribute('maxLength', '60');
    expect(field('Password')).toHaveAttribute('maxLength', '30');
    expect(field('Confirm Password')).toHaveAttribute('maxLength', '30');
  });

  it('keeps digits only in the phone number', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    await userEvent.type(field('Phone Number'), '(303) 555-01ab40999');
    expect(field('Phone Number')).toHaveValue('3035550140');
  });

  it('strips a pasted phone number to digits before cutting it to 10', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    await userEvent.click(field('Phone Number'));
    await userEvent.paste('(555) 123-45678901');
    expect(field('Phone Number')).toHaveValue('5551234567');
  });

  it('checks the email on change', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    await userEvent.type(field('Email Address'), 'lena@');
    expect(screen.getByText(ACCOUNT_MESSAGES.emailInvalid)).toBeInTheDocument();
    await userEvent.type(field('Email Address'), 'publisher.test');
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  it('says which required field was emptied', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    for (const label of ['Vendor Name', 'Email Address', 'Password']) {
      await userEvent.type(field(label), 'x');
      await userEvent.clear(field(label));
    }
    expect(screen.getByText(ACCOUNT_MESSAGES.fullNameRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordRequired)).toBeInTheDocument();
  });

  it('asks for 6 characters and for matching passwords', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    await userEvent.type(field('Password'), 'abc');
    expect(screen.getByText(ACCOUNT_MESSAGES.passwordTooShort)).toBeInTheDocument();

    await userEvent.type(field('Password'), 'defg');
    await userEvent.type(field('Confirm Password'), 'abcdefX');
    expect(screen.queryByText(ACCOUNT_MESSAGES.passwordTooShort)).not.toBeInTheDocument();
    expect(screen.getByText('Password and Confirm Password fields value must be matched')).toBeInTheDocument();
  });

  it('keeps Sign Up disabled until the required fields are filled, the box is checked and nothing is in error', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    expect(signUpButton()).toBeDisabled();

    await fillValidForm();
    expect(signUpButton()).toBeDisabled();

    await userEvent.click(
      screen.getByRole('checkbox', { name: /I agree to the Terms & Conditions and Privacy policy/ }),
    );
    expect(signUpButton()).toBeEnabled();

    await userEvent.type(field('Confirm Password'), '!');
    expect(signUpButton()).toBeDisabled();
    await userEvent.type(field('Confirm Password'), '{Backspace}');
    expect(signUpButton()).toBeEnabled();

    await userEvent.clear(field('Vendor Name'));
    expect(signUpButton()).toBeDisabled();
  });

  it('says the terms must be agreed to when the box is unchecked again, and keeps Sign Up disabled', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    await fillValidForm();
    const terms = screen.getByRole('checkbox', { name: /I agree to the Terms & Conditions and Privacy policy/ });
    expect(screen.queryByText(ACCEPT_TERMS_MESSAGE)).not.toBeInTheDocument();

    await userEvent.click(terms);
    expect(signUpButton()).toBeEnabled();
    await userEvent.click(terms);
    expect(await screen.findByText(ACCEPT_TERMS_MESSAGE)).toBeInTheDocument();
    expect(terms).toHaveAttribute('aria-invalid', 'true');
    expect(signUpButton()).toBeDisabled();
  });

  it('links the terms box to the Terms & Conditions and the Privacy policy', async () => {
    answerApi(() => ({ status: 500, body: errorBody('unused') }));
    await renderSignup();
    const form = screen.getByRole('button', { name: 'Sign Up' }).closest('form');
    if (!form) throw new Error('the Sign Up button is outside a form');
    expect(within(form).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute(
      'href',
      paths.termsCondition,
    );
    expect(within(form).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('href', paths.policy);
  });

  it('shows the server error under the form', async () => {
    answerApi(() => ({ status: 409, body: errorBody(ACCOUNT_MESSAGES.emailTaken) }));
    await renderSignup();
    await fillValidForm();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(signUpButton());
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.emailTaken);
  });

  it('sends the spec payload, stores the session and redirects by the menu', async () => {
    const created = buildUser({ fullName: 'Lena Ortiz', data: { firstName: 'Lena', lastName: 'Ortiz' } });
    // The landing screen the redirect opens loads its own data: those calls get the contract's examples.
    const api = answerApi(({ url }) => {
      if (url.pathname === SIGNUP_PATH) return { status: 201, body: { user: created, token: 'new-token' } };
      if (url.pathname.startsWith('/auth/')) return { status: 200, body: { data: created } };
      return undefined;
    });
    const app = await renderSignup();
    await fillValidForm();
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(signUpButton());

    await waitFor(() => expect(app.currentPath()).toBe(paths.dashboard));
    expect(api.requests[0]?.body).toEqual({
      fullName: 'Lena Ortiz',
      email: 'lena@publisher.test',
      phoneNumber: '3035550140',
      password: 'Secret#123',
      conformPassword: 'Secret#123',
    });
    expect(readSession()?.token).toBe('new-token');
  });
});
