"""Drives the person's screens in headless Chromium for the Swift tests (ScreensBrowserTests).

Usage: python3 screens.py '<json>'  where the JSON names a scenario and its inputs. The last line printed is
`RESULT <json>`: what the browser saw, which the Swift test checks together with the daemon's state.

Requires Debian's chromium and chromium-driver and selenium (pinned in .ci/run). Everything stays on loopback:
the browser resolves no other host name.
"""
import http.server
import json
import os
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support import expected_conditions as EC
from selenium.webdriver.support.ui import WebDriverWait

WAIT = 60  # seconds: generous, the machine is shared with parallel builds


def browser(profile, language="en-US", hosts=("127.0.0.1",), prefs=None):
    """Headless Chromium with a profile of its own; only `hosts` resolve (loopback addresses)."""
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for argument in [
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
        "--user-data-dir=" + profile, "--window-size=1000,800", "--lang=" + language,
        # Loopback only: no other host name resolves.
        "--host-resolver-rules=MAP * ~NOTFOUND , " + " , ".join("EXCLUDE " + host for host in hosts),
    ]:
        options.add_argument(argument)
    options.add_experimental_option("prefs", dict({"intl.accept_languages": language}, **(prefs or {})))
    return webdriver.Chrome(service=Service(executable_path="/usr/bin/chromedriver"), options=options)


class Run:
    def __init__(self, config, prefix="screens-profile-", **browser_options):
        self.config = config
        self.shots = config.get("screenshots")
        self.profile = tempfile.mkdtemp(prefix=prefix)
        self.driver = browser(self.profile, config.get("language", "en-US"), **browser_options)
        self.wait = WebDriverWait(self.driver, WAIT)

    def shot(self, name):
        if self.shots:
            os.makedirs(self.shots, exist_ok=True)
            self.driver.save_screenshot(os.path.join(self.shots, name + ".png"))

    def element(self, by, value):
        return self.wait.until(EC.presence_of_element_located((by, value)))

    def click(self, element_id):
        self.wait.until(EC.element_to_be_clickable((By.ID, element_id))).click()

    def title(self):
        return self.element(By.TAG_NAME, "h1").text

    def enter(self, link):
        """Opens a one-time link; the screens redirect to the landing page with a session cookie."""
        self.driver.get(link)
        self.element(By.TAG_NAME, "h1")

    def wait_for_link(self, selector, what):
        """Reloads the start page until it lists a link at `selector` (the app asks on its own thread)."""
        deadline = time.time() + WAIT
        while True:
            links = self.driver.find_elements(By.CSS_SELECTOR, selector)
            if links:
                return links[0]
            if time.time() > deadline:
                raise AssertionError("no %s appeared on the start page" % what)
            time.sleep(0.25)  # polling the daemon's list: nothing in the page to wait on
            self.driver.get(self.base() + "/")

    def wait_for_request(self):
        return self.wait_for_link("#waiting a", "request")

    def base(self):
        parts = urllib.parse.urlsplit(self.driver.current_url)
        return parts.scheme + "://" + parts.netloc

    def set_checked(self, selector, wanted, checked):
        """Clicks the label of every row of `selector` whose text `wanted` accepts, until its box is `checked`."""
        for label in self.driver.find_elements(By.CSS_SELECTOR, selector):
            if wanted(label.text):
                box = self.driver.find_element(By.ID, label.get_attribute("for"))
                if box.is_selected() != checked:
                    label.click()

    def check(self, names):
        self.set_checked("#contact-list label", lambda text: text in names, True)

    def uncheck(self, names):
        self.set_checked("#contact-list label", lambda text: text in names, False)

    def tab_to(self, element_id, key=Keys.TAB):
        """Presses TAB until the element has focus; keyboard only, as a person without a mouse would."""
        for _ in range(60):
            active = self.driver.switch_to.active_element
            if active.get_attribute("id") == element_id:
                return active
            webdriver.ActionChains(self.driver).send_keys(key).perform()
        raise AssertionError("TAB never reached #" + element_id)

    def press(self, key):
        webdriver.ActionChains(self.driver).send_keys(key).perform()

    def close(self):
        self.driver.quit()


def consent(run):
    """Stage 1 then stage 2 of the prompt; `decision` limited (with `choose`), full or deny."""
    config = run.config
    run.enter(config["link"])
    run.wait_for_request().click()
    result = {"stage1Title": run.title(), "purpose": run.element(By.ID, "purpose").text}
    run.shot(config["name"] + "-1-share")
    if config["decision"] == "deny-at-stage1":
        run.click("dont-allow")
    else:
        run.click("continue")
        result["stage2Title"] = run.title()
        result["offersFull"] = len(run.driver.find_elements(By.ID, "allow-full")) == 1
        if config.get("search"):
            box = run.element(By.ID, "search")
            box.send_keys(config["search"])
            result["visibleAfterSearch"] = [
                label.text for label in run.driver.find_elements(By.CSS_SELECTOR, "#contact-list label")
                if label.is_displayed()]
            # Deleted key by key, as a person would: each deletion is an input event that refilters the list.
            box.send_keys(Keys.BACKSPACE * len(config["search"]))
            run.wait.until(lambda driver: all(
                label.is_displayed() for label in driver.find_elements(By.CSS_SELECTOR, "#contact-list label")))
        run.check(config.get("choose", []))
        run.shot(config["name"] + "-2-choose")
        run.click({"limited": "allow-selected", "full": "allow-full", "deny": "dont-allow"}[config["decision"]])
    result["outcome"] = run.element(By.ID, "message").text
    run.shot(config["name"] + "-3-done")
    return result


def keyboard_consent(run):
    """The whole prompt with TAB, SPACE and ENTER only."""
    config = run.config
    run.enter(config["link"])
    run.wait_for_request()
    link = run.driver.find_element(By.CSS_SELECTOR, "#waiting a").get_attribute("id")
    run.tab_to(link)
    run.press(Keys.ENTER)
    run.element(By.ID, "continue")
    run.tab_to("continue")
    run.shot(config["name"] + "-1-focus")
    run.press(Keys.ENTER)
    run.element(By.ID, "contact-list")
    for label in run.driver.find_elements(By.CSS_SELECTOR, "#contact-list label"):
        if label.text in config["choose"]:
            run.tab_to(label.get_attribute("for"))
            run.press(Keys.SPACE)
    run.tab_to("allow-selected")
    run.shot(config["name"] + "-2-choose")
    run.press(Keys.ENTER)
    return {"outcome": run.element(By.ID, "message").text}


def settings(run):
    """Opens an app in the settings, changes its access (and its limited set), saves."""
    config = run.config
    run.enter(config["link"])
    run.driver.get(run.base() + "/settings")
    rows = [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in run.driver.find_elements(By.CSS_SELECTOR, "#apps tbody tr")]
    run.shot(config["name"] + "-1-list")
    run.driver.find_element(By.LINK_TEXT, config["app"]).click()
    before = {"status": run.element(By.ID, "status").text,
              "seen": [item.text for item in run.driver.find_elements(By.CSS_SELECTOR, "#seen li")]}
    run.click("access-" + config["access"])
    if config.get("keep"):
        run.click("keep")
    run.uncheck(config.get("uncheck", []))
    run.check(config.get("check", []))
    run.shot(config["name"] + "-2-edit")
    run.click("save")
    run.element(By.ID, "saved")
    after = {"status": run.element(By.ID, "status").text,
             "seen": [item.text for item in run.driver.find_elements(By.CSS_SELECTOR, "#seen li")]}
    run.shot(config["name"] + "-3-saved")
    return {"rows": rows, "before": before, "after": after}


def page_text(run):
    """A page's heading and visible text, in the browser's language."""
    run.enter(run.config["link"])
    run.driver.get(run.base() + run.config.get("path", "/"))
    run.shot(run.config["name"])
    return {"title": run.title(), "lang": run.driver.find_element(By.TAG_NAME, "html").get_attribute("lang"),
            "text": run.driver.find_element(By.TAG_NAME, "body").text}


class Attacker:
    """Another origin on loopback (another port of 127.0.0.1): pages that post to or frame the screens."""

    def __init__(self, target, bundle_path):
        pages = {
            "/post.html": (
                "<!DOCTYPE html><form id=f method=post action='%s/settings/apps/%s'>"
                "<input name=access value=full><input name=csrf value=guess></form>"
                "<script src=/post.js></script>" % (target, bundle_path)),
            "/post.js": "document.getElementById('f').submit();",
            "/frame.html": (
                "<!DOCTYPE html><h1 id=attacker>attacker</h1>"
                "<iframe id=victim src='%s/settings' width=800 height=600></iframe>" % target),
        }

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                body = pages.get(self.path)
                if body is None:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                kind = "text/javascript" if self.path.endswith(".js") else "text/html"
                self.send_header("Content-Type", kind)
                self.end_headers()
                self.wfile.write(body.encode())

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = "http://127.0.0.1:%d" % self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()


def http_post(url, fields, cookie=None, origin=None, host=None):
    """A POST outside any browser: returns the status."""
    request = urllib.request.Request(url, data=urllib.parse.urlencode(fields, doseq=True).encode(), method="POST")
    if cookie:
        request.add_header("Cookie", cookie)
    if origin:
        request.add_header("Origin", origin)
    if host:
        request.add_header("Host", host)
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            return response.status
    except urllib.error.HTTPError as error:
        return error.code


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def http_get(url, cookie=None, host=None):
    """A GET outside any browser, redirects not followed: (status, headers, body)."""
    request = urllib.request.Request(url)
    if cookie:
        request.add_header("Cookie", cookie)
    if host:
        request.add_header("Host", host)
    opener = urllib.request.build_opener(NoRedirect)
    try:
        with opener.open(request, timeout=WAIT) as response:
            return response.status, dict(response.headers), response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read().decode()


def attacks(run):
    """Cross-site posts, forged and missing CSRF tokens, a replayed link, framing, a rebinding host name."""
    config = run.config
    run.enter(config["link"])
    target = run.base()
    session = [c for c in run.driver.get_cookies() if c["name"].startswith("contacts_screens_")][0]
    cookie = "%s=%s" % (session["name"], session["value"])
    run.driver.get(target + "/settings/apps/" + config["bundlePath"])
    csrf = run.driver.find_element(By.NAME, "csrf").get_attribute("value")
    result = {"cookie": {k: session.get(k) for k in ("httpOnly", "sameSite", "path")}}
    status, headers, _ = http_get(target + "/settings", cookie=cookie)
    result["headers"] = {k.lower(): v for k, v in headers.items()}
    change = target + "/settings/apps/" + config["bundlePath"]

    attacker = Attacker(target, config["bundlePath"])
    try:
        # A page of another origin posts a form to the settings, in the person's signed-in browser.
        run.driver.get(attacker.origin + "/post.html")
        run.wait.until(lambda driver: driver.current_url.startswith(target))
        result["crossSitePost"] = run.element(By.ID, "message").text
        run.shot("attack-cross-site-post")
        # The screens refuse to be framed by another origin: the frame shows none of their content.
        run.driver.get(target + "/settings")
        result["topLevelShowsSettings"] = len(run.driver.find_elements(By.CSS_SELECTOR, "main h1")) == 1
        run.driver.get(attacker.origin + "/frame.html")
        run.element(By.ID, "attacker")
        frame = run.element(By.ID, "victim")
        time.sleep(2)  # the frame's load is refused, so no element of it can be waited for
        run.shot("attack-frame")
        run.driver.switch_to.frame(frame)
        result["frameShowsSettings"] = len(run.driver.find_elements(By.CSS_SELECTOR, "main h1")) > 0
        run.driver.switch_to.default_content()
    finally:
        attacker.close()

    # Outside the browser, with the person's stolen cookie: the CSRF token and the origin are still needed.
    result["postWithoutToken"] = http_post(change, {"access": "full"}, cookie=cookie, origin=target)
    result["postWrongToken"] = http_post(change, {"access": "full", "csrf": "0" * 64}, cookie=cookie, origin=target)
    result["postWithoutOrigin"] = http_post(change, {"access": "full", "csrf": csrf}, cookie=cookie)
    result["postOtherOrigin"] = http_post(change, {"access": "full", "csrf": csrf}, cookie=cookie, origin=attacker.origin)
    # A DNS-rebinding name for 127.0.0.1 is another origin: refused whatever it carries.
    result["rebindingHost"] = http_get(target + "/settings", cookie=cookie, host="attacker.example:%s" % target.rsplit(":", 1)[1])[0]

    # The link was used: a replay in a browser without the cookie gets no session.
    run.driver.delete_all_cookies()
    run.driver.get(config["link"])
    result["replay"] = run.element(By.ID, "message").text
    run.driver.get(target + "/settings")
    result["afterReplay"] = run.element(By.ID, "message").text
    result["afterReplayHasApps"] = len(run.driver.find_elements(By.ID, "apps")) > 0
    run.shot("attack-replay")
    return result


def links(config):
    """Links outside any browser: entering one, an expired one, one of another user against this user's data."""
    result = {}
    if "enter" in config:
        status, headers, _ = http_get(config["enter"])
        result["status"] = status
        result["location"] = headers.get("Location")
    if "expiredLink" in config:
        result["expired"] = http_get(config["expiredLink"])[0]
    if "otherLink" in config:
        status, headers, _ = http_get(config["otherLink"])
        result["otherEnter"] = status
        cookie = headers.get("Set-Cookie", "").split(";")[0]
        target = config["otherLink"].split("/enter/")[0]
        status, _, body = http_get(target + "/requests/%s" % config["request"], cookie=cookie)
        result["otherRequestPage"] = status
        result["otherRequestPageShowsPurpose"] = config["purpose"] in body
        status, _, body = http_get(target + "/", cookie=cookie)
        result["otherHomeListsRequest"] = 'id="waiting"' in body
        csrf = body.split('name="csrf" value="')[1].split('"')[0] if 'name="csrf"' in body else ""
        # The other user's own session and token, on this user's request: nothing to answer.
        result["otherAnswer"] = http_post(
            target + "/requests/%s" % config["request"], {"decision": "full", "csrf": csrf}, cookie=cookie,
            origin=target)
        status, _, body = http_get(target + "/settings", cookie=cookie)
        result["otherSettingsStatus"] = status
        result["otherSettingsListsApps"] = 'id="apps"' in body
    return result


SCENARIOS = {"consent": consent, "keyboard": keyboard_consent, "settings": settings, "page": page_text,
             "attacks": attacks}


def run_scenario(scenarios, run_class=None, without_browser=None):
    """Runs the scenario the JSON argument names, in a browser of `run_class` (one without a browser from
    `without_browser`), shoots the page when it fails, and prints `RESULT <json>`."""
    config = json.loads(sys.argv[1])
    direct = (without_browser or {}).get(config["scenario"])
    if direct is not None:
        result = direct(config)
    else:
        run = (run_class or Run)(config)
        try:
            result = scenarios[config["scenario"]](run)
        except Exception:
            run.shot(config.get("name", config["scenario"]) + "-failure")
            raise
        finally:
            run.close()
    print("RESULT " + json.dumps(result))


if __name__ == "__main__":
    run_scenario(SCENARIOS, without_browser={"links": links})
