import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../../components/ui/card';

/** The line under the form that leads to the other auth screen, e.g. "New to Publisher Portal? Sign up". */
interface AuthSwitch {
  question: string;
  to: string;
  label: string;
}

interface AuthCardProps {
  title: string;
  subtitle?: string;
  switchTo: AuthSwitch;
  children: ReactNode;
}

/** The centred card the sign-in and sign-up screens share. */
export function AuthCard({ title, subtitle, switchTo, children }: AuthCardProps) {
  return (
    <div className="flex min-h-[calc(100vh-12rem)] items-start justify-center px-4 py-10 sm:items-center">
      <Card className="w-full max-w-md">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-sm text-slate-600">{subtitle}</p> : null}
        <div className="mt-6">
          {children}
          <p className="mt-6 text-center text-sm text-slate-600">
            {switchTo.question}{' '}
            <Link to={switchTo.to} className="font-semibold text-indigo-600 hover:text-indigo-500">
              {switchTo.label}
            </Link>
          </p>
        </div>
      </Card>
    </div>
  );
}
