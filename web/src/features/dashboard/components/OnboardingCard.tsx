import { CheckCircleFilled, CloseOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress, theme, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useAuth } from '../../auth/hooks';
import { useHasLocations } from '../../locations/hooks';
import { useDashboardStats, useRecentMovements } from '../hooks';
import { useClientHints } from '../../../lib/client-hints';
import {
  dismissOnboarding,
  hasPrintedLabels,
  hasVisitedReports,
  onboardingDismissed,
  type OnboardingMemory,
} from '../../../lib/onboarding';
import { useWorkspaceAccess } from '../../workspace/access';
import { useWorkspaces } from '../../workspace/hooks';
import { usePreferences } from '../../account/hooks';
import { useBrowserValue } from '../../../lib/use-browser-value';
import { useNotificationChannels, useNotificationPermission } from '../../notifications/hooks';

interface Step {
  key: string;
  title: string;
  hint: string;
  to: string;
  done: boolean;
}

/** What the dashboard shows of 'Get started': nothing yet (its data is loading), nothing, or the steps. */
export type Onboarding = { status: 'loading' | 'hidden' } | { status: 'shown'; steps: Step[]; done: number; dismiss: () => void };

/**
 * 'Get started' on a new inventory's dashboard: the first steps, each linking to the screen that
 * does it and ticking itself from the data once done. Hidden for good when dismissed or complete,
 * and from viewers. The dashboard waits for it before showing its content ('loading'), so that the
 * card does not push the page down when it arrives.
 */
export function useOnboarding(): Onboarding {
  const { user } = useAuth();
  const stats = useDashboardStats();
  const recent = useRecentMovements();
  const hasLocations = useHasLocations();
  const workspaceId = user?.workspace.id;
  // What this browser remembers (lib/onboarding.ts); a server render has the copy its cookie brought.
  const hints = useClientHints();
  const hinted: OnboardingMemory = (name) => hints?.remembered.includes(name) ?? false;
  const dismissedBefore = useBrowserValue(
    () => onboardingDismissed(user?.id, workspaceId),
    onboardingDismissed(user?.id, workspaceId, hinted),
  );
  const [dismissedNow, setDismissed] = useState(false);
  const printedLabels = useBrowserValue(() => (user ? hasPrintedLabels(user.id) : false), user ? hasPrintedLabels(user.id, hinted) : false);
  const visitedReports = useBrowserValue(
    () => (user ? hasVisitedReports(user.id) : false),
    user ? hasVisitedReports(user.id, hinted) : false,
  );
  const dismissed = dismissedBefore || dismissedNow;
  const { canWrite, canManageMembers } = useWorkspaceAccess();
  const workspaces = useWorkspaces(canManageMembers);
  const preferences = usePreferences();
  const channels = useNotificationChannels();
  const [permission] = useNotificationPermission();

  // The steps are writes: a viewer could not take them.
  if (dismissed || !canWrite || !user || !workspaceId) return { status: 'hidden' };
  if (stats.isLoading || hasLocations.isLoading || recent.isLoading || (canManageMembers && workspaces.isLoading))
    return { status: 'loading' };
  const memberCount = workspaces.data?.find((workspace) => workspace.id === workspaceId)?.memberCount ?? 1;
  const steps: Step[] = [
    {
      key: 'location',
      title: 'Add a location',
      hint: 'Where your stock lives: a shop, a store room, a shelf.',
      to: '/locations',
      done: hasLocations.data === true,
    },
    {
      key: 'category',
      title: 'Add a category',
      hint: 'Group items so reports add up by kind.',
      to: '/categories',
      done: (stats.data?.categoriesCount ?? 0) > 0,
    },
    {
      key: 'item',
      title: 'Add your first item',
      hint: 'Name, price, stock and the level to reorder at; or bring a spreadsheet in with Bulk Import.',
      to: '/inventory',
      done: (stats.data?.totalItems ?? 0) > 0,
    },
    {
      key: 'movement',
      title: 'Record a stock movement',
      hint: "Use an item's Stock button when something comes in or goes out.",
      to: '/inventory',
      done: (recent.data ?? []).some((movement) => movement.movementType !== 'in') || (recent.data?.length ?? 0) > 1,
    },
    // Only those who manage members can invite; for the others the step is not theirs to take.
    ...(canManageMembers
      ? [
          {
            key: 'invite',
            title: 'Invite a colleague',
            hint: 'Share this inventory: everyone sees the same stock, with the role you give them.',
            to: '/workspace',
            done: memberCount > 1,
          },
        ]
      : []),
    {
      key: 'labels',
      title: 'Print labels',
      hint: 'QR labels for shelves and items: a phone scanning one opens it, ready to count or move stock.',
      to: '/inventory',
      done: printedLabels,
    },
    {
      key: 'notifications',
      title: 'Turn on notifications',
      hint: 'Hear about low stock by email or on this device, not only from the bell.',
      to: '/account?tab=notifications',
      done:
        (Boolean(preferences.data?.email) && Boolean(channels.data?.email)) ||
        (Boolean(preferences.data?.push) && permission === 'granted'),
    },
    {
      key: 'reports',
      title: 'Look at your reports',
      hint: 'Value, low stock and movements, with CSV and PDF export.',
      to: '/reports',
      done: visitedReports,
    },
  ];
  const done = steps.filter((step) => step.done).length;
  if (done === steps.length) return { status: 'hidden' };
  const dismiss = () => {
    dismissOnboarding(user.id, workspaceId);
    setDismissed(true);
  };
  return { status: 'shown', steps, done, dismiss };
}

/** The 'Get started' card (see useOnboarding). */
export function OnboardingCard({ onboarding }: { onboarding: Extract<Onboarding, { status: 'shown' }> }) {
  const { token } = theme.useToken();
  const { steps, done } = onboarding;
  return (
    <Card
      title="Get started"
      style={{ marginBottom: 16 }}
      extra={<Button type="text" icon={<CloseOutlined />} aria-label="Hide the getting started steps" onClick={onboarding.dismiss} />}
    >
      <Progress
        percent={Math.round((done / steps.length) * 100)}
        showInfo={false}
        style={{ marginBottom: 12 }}
        aria-label={`${done} of ${steps.length} steps done`}
      />
      <Flex vertical gap={8} component="ol" style={{ margin: 0, padding: 0, listStyle: 'none' }}>
        {steps.map((step) => (
          <Flex key={step.key} component="li" gap={12} align="flex-start" data-testid={`onboarding-${step.key}`} data-done={step.done}>
            <CheckCircleFilled
              aria-hidden
              style={{ fontSize: 18, marginTop: 3, color: step.done ? token.colorSuccess : token.colorBorder }}
            />
            <div>
              {step.done ? <Typography.Text type="secondary">{step.title} — done</Typography.Text> : <Link to={step.to}>{step.title}</Link>}
              <br />
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {step.hint}
              </Typography.Text>
            </div>
          </Flex>
        ))}
      </Flex>
    </Card>
  );
}
