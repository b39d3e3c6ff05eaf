// Login/register (/login and /auth): a centred card outside the app layout, for signed-out visitors.
import { Alert, Tabs } from "@mantine/core";
import { Link, useLocation, useSearchParams } from "react-router";
import { useCurrentUser } from "../auth/useCurrentUser";
import { AccountCard } from "../components/account/AccountCard";
import { LoginForm } from "../components/account/LoginForm";
import { RegisterForm } from "../components/account/RegisterForm";
import { type Choice, useUrlChoice } from "../components/browse/SortSelect";
import { BannedNotice } from "../components/shell/BannedNotice";
import { FlashNotice } from "../components/shell/FlashNotice";
import { Redirect } from "../components/shell/Redirect";
import { usePageTitle } from "../components/ui/PageTitle";
import { reasonText, resumeAction, returnPath } from "../lib/loginReturn";

type AuthTab = "login" | "register";
const TABS: Choice<AuthTab>[] = [
  { value: "login", label: "Login" },
  { value: "register", label: "Register" },
];

export default function LoginPage() {
  const { user } = useCurrentUser();
  const [tab] = useUrlChoice("tab", TABS, "login");
  usePageTitle(tab === "login" ? "Login" : "Register");
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const reason = reasonText(params);
  /** This screen with `value`'s tab open (and the same return path): each tab is a link, and a form posts there. */
  const tabUrl = (value: AuthTab) => {
    const next = new URLSearchParams(params);
    next.set("tab", value);
    return `${pathname}?${next}`;
  };
  if (user) {
    // Also taken right after signing in: it must carry the action to resume as well.
    const resume = resumeAction(params);
    return <Redirect to={returnPath(params)} state={resume ? { resume } : null} />;
  }
  return (
    <AccountCard subtitle="Join the discussion" above={<BannedNotice />}>
      {reason && (
        <Alert color="blue" mb="md" role="status">
          {reason}
        </Alert>
      )}
      <FlashNotice mb="md" />
      {/* The tabs are links (?tab=…): a tap works before the app is live, and Back returns. */}
      <Tabs value={tab}>
        <Tabs.List grow mb="md">
          {TABS.map((choice) => (
            <Tabs.Tab
              key={choice.value}
              value={choice.value}
              renderRoot={({ type: _button, ...props }) => (
                <Link {...props} to={tabUrl(choice.value)} replace preventScrollReset />
              )}
            >
              {choice.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="login">
          <LoginForm action={tabUrl("login")} />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <RegisterForm action={tabUrl("register")} />
        </Tabs.Panel>
      </Tabs>
    </AccountCard>
  );
}
