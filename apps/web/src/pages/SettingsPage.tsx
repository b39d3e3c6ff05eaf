// Account settings (/settings): Profile, Security, Preferences and API tokens tabs for the signed-in member.
import { TWO_STEP_MESSAGES } from "@forum/contracts";
import { Alert, Button, Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { useStaffMustSetUpTwoStep } from "../auth/staffTwoStep";
import { useCurrentUser } from "../auth/useCurrentUser";
import { AccountActivity } from "../components/account/AccountActivity";
import { ChangePasswordForm } from "../components/account/ChangePasswordForm";
import { DataExportCard } from "../components/account/DataExportCard";
import { DeleteAccountCard } from "../components/account/DeleteAccountCard";
import { PreferencesSettings } from "../components/account/PreferencesSettings";
import { ProfileSettings } from "../components/account/ProfileSettings";
import { SessionsCard } from "../components/account/SessionsCard";
import { TwoStepCard } from "../components/account/TwoStepCard";
import { ApiTokensSettings } from "../components/apiTokens/ApiTokensSettings";
import { type Choice, useUrlChoice } from "../components/browse/SortSelect";
import { Breadcrumbs } from "../components/ui/Breadcrumbs";
import { PageTitle } from "../components/ui/PageTitle";
import { loginUrl } from "../lib/loginReturn";

type SettingsTab = "profile" | "security" | "preferences" | "tokens";
const TABS: Choice<SettingsTab>[] = [
  { value: "profile", label: "Profile" },
  { value: "security", label: "Security" },
  { value: "preferences", label: "Preferences" },
  { value: "tokens", label: "API tokens" },
];

export default function SettingsPage() {
  const { user } = useCurrentUser();
  const [tab, setTab] = useUrlChoice("tab", TABS, "profile");
  const mustSetUpTwoStep = useStaffMustSetUpTwoStep();
  return (
    <Stack gap="md" maw={860} w="100%">
      <div>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Settings" }]} />
        <PageTitle>Account Settings</PageTitle>
      </div>
      {mustSetUpTwoStep && (
        <Alert color="orange" title="Two-step sign-in required" role="status">
          {TWO_STEP_MESSAGES.staffRequired}
        </Alert>
      )}
      {!user ? (
        <Paper withBorder p="xl" ta="center">
          <Stack align="center" gap="sm">
            <Title order={2} size="h3">
              Access Denied
            </Title>
            <Text c="dimmed">Please log in to access your settings.</Text>
            <Button component={Link} to={loginUrl("/login", "/settings")}>
              Sign In
            </Button>
          </Stack>
        </Paper>
      ) : (
        // Each tab mounts when opened (see ProfileActivity: a hidden kept-mounted tab never loads).
        <Tabs value={tab} onChange={(value) => value && setTab(value as SettingsTab)} keepMounted={false}>
          <Tabs.List mb="md">
            {TABS.map((choice) => (
              <Tabs.Tab key={choice.value} value={choice.value}>
                {choice.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="profile">
            <Stack gap="md">
              <ProfileSettings key={user.id} user={user} />
              <DataExportCard />
              <DeleteAccountCard />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="security">
            <Stack gap="md">
              <ChangePasswordForm />
              <TwoStepCard />
              <SessionsCard />
              <AccountActivity user={user} />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="preferences">
            <PreferencesSettings key={user.id} />
          </Tabs.Panel>
          <Tabs.Panel value="tokens">
            <ApiTokensSettings key={user.id} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}
