"""Drives the contact access button for web apps in headless Chromium for the Swift tests
(ScreensBrowserTests+AccessButton.swift).

Usage: python3 button.py '<json>'. The person enters the screens through a one-time link (which sets the
button cookie); then the app's page, served here on another loopback origin (127.0.0.2, another site than
127.0.0.1), frames the button. Attack scenarios change the page (an overlay, opacity, a transform), the click
(synthesized by script), the origin that frames it (127.0.0.3), or skip the browser (the app's own HTTP
client). The last line printed is `RESULT <json>`.
"""
import http.server
import json
import threading
import time
import urllib.error
import urllib.request

from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import screens
from screens import WAIT
# The frame counts a tap only after it has been visible for 500 ms (button.js); wait longer than that.
SETTLE = 1.5


class AppPage:
    """The app's web page on its own origin: it frames the button and records every message it receives."""

    def __init__(self, host, port, frame, style="", overlay=False):
        over = ("<div id=overlay style='position:absolute;top:0;left:0;width:420px;height:140px;"
                "pointer-events:none;background:rgba(255,255,255,0.02)'></div>") if overlay else ""
        page = (
            "<!DOCTYPE html><html><head><title>App</title></head><body style='margin:0'>"
            "<iframe id=button src='%s' style='border:0;width:400px;height:120px;%s'></iframe>%s"
            "<pre id=messages>[]</pre>"
            "<script src=/page.js></script></body></html>" % (frame, style, over))
        script = (
            "window.addEventListener('message', function (event) {"
            "  var list = JSON.parse(document.getElementById('messages').textContent);"
            "  list.push({origin: event.origin, data: event.data});"
            "  document.getElementById('messages').textContent = JSON.stringify(list);"
            "});")
        pages = {"/": ("text/html", page), "/page.js": ("text/javascript", script)}

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self):
                found = pages.get(self.path)
                if found is None:
                    self.send_response(404)
                    self.end_headers()
                    return
                self.send_response(200)
                self.send_header("Content-Type", found[0])
                self.end_headers()
                self.wfile.write(found[1].encode())

            def log_message(self, *args):
                pass

        self.server = http.server.ThreadingHTTPServer((host, port), Handler)
        self.origin = "http://%s:%d" % (host, self.server.server_address[1])
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


class Run(screens.Run):
    def __init__(self, config):
        # The screens, the app's page and the attacker's page; nothing else resolves. This Chromium blocks
        # third-party cookies by default: the person may allow them (then the frame gets the button cookie at
        # once), or not (`blockThirdPartyCookies`: the frame connects through the Storage Access API).
        allow = not config.get("blockThirdPartyCookies")
        super().__init__(
            config, prefix="button-profile-", hosts=("127.0.0.1", "127.0.0.2", "127.0.0.3"),
            prefs={"profile.cookie_controls_mode": 0 if allow else 1, "profile.block_third_party_cookies": not allow})

    def frame_state(self):
        """Inside the frame: its state (matches, prompt, empty, connect, signin), the names it holds (shown, or in
        the list of several matches), whether that list is open, and the notice it shows; back to the page after."""
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "button"))
        try:
            return self.driver.execute_script(
                "var main = document.getElementById('button');"
                "var list = document.getElementById('match-list');"
                "var notice = document.getElementById('button-signin');"
                "return {state: main ? main.className : null,"
                " names: Array.from(document.querySelectorAll('.match .name')).map(function (e) { return e.textContent; }),"
                " several: document.getElementById('button-several') !== null,"
                " listOpen: list !== null && !list.hidden,"
                " notice: notice && !notice.hidden ? notice.textContent : null};")
        finally:
            self.driver.switch_to.default_content()

    def wait_for_frame(self, state):
        """Waits until the frame shows `state` (it reloads itself after each tap)."""
        deadline = time.time() + WAIT
        while True:
            try:
                seen = self.frame_state()
            except Exception:
                seen = {"state": None}
            if seen["state"] == state:
                time.sleep(SETTLE)
                return seen
            if time.time() > deadline:
                raise AssertionError("the frame never showed %s (last: %s)" % (state, seen))
            time.sleep(0.2)  # the frame reloads on its own; nothing in the page to wait on

    def wait_for_reload(self):
        """Waits until the frame has loaded again after a tap (button.js reloads it after the daemon's answer)."""
        deadline = time.time() + WAIT
        while time.time() < deadline:
            try:
                if self.in_frame("return window.beforeTap === true") is not True:
                    return
            except Exception:
                pass  # between two loads the frame has no document to ask
            time.sleep(0.2)
        raise AssertionError("the frame did not reload after the tap: the daemon never answered it")

    def click_frame_center(self):
        """A genuine click (CDP Input.dispatchMouseEvent) at the middle of the iframe, as the page lays it out."""
        frame = self.driver.find_element(By.ID, "button")
        webdriver.ActionChains(self.driver).move_to_element(frame).click().perform()

    def click_in_frame(self, element_id):
        """A genuine click on an element of the frame."""
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "button"))
        try:
            self.driver.find_element(By.ID, element_id).click()
        finally:
            self.driver.switch_to.default_content()

    def in_frame(self, script, *arguments):
        self.driver.switch_to.frame(self.driver.find_element(By.ID, "button"))
        try:
            return self.driver.execute_script(script, *arguments)
        finally:
            self.driver.switch_to.default_content()

    def focused_in_frame(self):
        return self.in_frame("return document.activeElement && document.activeElement.id")

    def tab_into_frame(self, element_id):
        """TAB from the page into the frame until `element_id` has the focus; returns what has it at the end."""
        self.driver.find_element(By.TAG_NAME, "body").click()
        for _ in range(10):
            if self.focused_in_frame() == element_id:
                break
            self.press(Keys.TAB)
        return self.focused_in_frame()

    def open_list(self):
        """Several matches: a genuine click on the first button opens the list; the person looks at it."""
        self.click_in_frame("button-several")
        time.sleep(SETTLE)  # the frame counts a tap on a row only after the list was in view for 500 ms

    def allow_storage_access(self, page):
        """The person answers Chromium's storage access prompt with Allow (headless Chromium has no prompt to
        click, and refuses by itself: the DevTools protocol sets the answer the prompt would store)."""
        frame_origin = self.config["frame"].split("/button/")[0]
        self.driver.execute_cdp_cmd("Browser.setPermission", {
            "permission": {"name": "storage-access"}, "setting": "granted", "origin": page.origin,
            "embeddedOrigin": frame_origin})

    def messages(self):
        return json.loads(self.driver.find_element(By.ID, "messages").text)

    def wait_for_messages(self, count, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            if len(self.messages()) >= count:
                break
            time.sleep(0.2)  # a message arrives whenever the daemon has answered
        return self.messages()


def page_record(run, page):
    """What the app's page holds: its messages and whether any contact name is in its DOM."""
    html = run.driver.execute_script("return document.documentElement.outerHTML")
    return {"messages": run.messages(), "pageOrigin": page.origin,
            "pageHoldsNames": [name for name in run.config.get("names", []) if name in html]}


def tap(run):
    """The person enters, opens the app's page, and taps the button: `mode` says how, and what the page does."""
    config = run.config
    mode = config["mode"]
    style = {"opacity": "opacity:0.1", "scaled": "transform:scale(0.5)", "tiny": "width:100px;height:30px"}.get(mode, "")
    run.enter(config["link"])
    page = AppPage("127.0.0.2", config["pagePort"], config["frame"], style=style, overlay=mode == "overlay")
    try:
        run.driver.get(page.origin + "/")
        result = {}
        if config.get("storageAccess"):
            # Third-party cookies blocked: the frame offers to connect, and the person taps it.
            result["connect"] = run.wait_for_frame("connect")
            run.shot(config["name"] + "-0-connect")
            if config["storageAccess"] == "grant":
                run.allow_storage_access(page)
            run.in_frame("window.beforeTap = true")
            run.click_in_frame("button-connect")
            if config["storageAccess"] != "grant":
                time.sleep(SETTLE)
                result["refused"] = run.frame_state()
                run.shot(config["name"] + "-0-refused")
                result.update(page_record(run, page))
                return result
            run.wait_for_reload()
        before = run.wait_for_frame(config.get("expect", "matches"))
        result["before"] = before
        run.shot(config["name"] + "-1-page")
        if config.get("expect") == "empty":
            result.update(page_record(run, page))
            return result
        captured = run.in_frame("return document.getElementById('button').dataset.secret")
        # The frame reloads once the daemon has answered its tap: a mark in this load's window tells when.
        run.in_frame("window.beforeTap = true")
        if mode == "synthesized":
            run.in_frame("document.querySelector('.match').click()")
        elif mode == "keyboard":
            # TAB from the page into the frame, to the match, and ENTER: no pointer at all.
            result["focused"] = run.tab_into_frame("match-0")
            run.shot(config["name"] + "-2-focus")
            if config.get("pressAtOnce"):
                # The page moved the focus into the frame just now: the ENTER meant for something else.
                run.in_frame("document.getElementById('match-0').blur(); document.getElementById('match-0').focus()")
            else:
                time.sleep(SETTLE)  # a person looks before pressing; the frame wants 500 ms of focus
            webdriver.ActionChains(run.driver).send_keys(Keys.ENTER).perform()
        elif mode == "keyboardSeveral":
            # TAB to the button of several matches, ENTER opens their list and moves the focus to its first row,
            # the person reads it, ENTER again shares that contact.
            run.tab_into_frame("button-several")
            time.sleep(SETTLE)
            webdriver.ActionChains(run.driver).send_keys(Keys.ENTER).perform()
            time.sleep(SETTLE)
            result["focused"] = run.focused_in_frame()
            result["list"] = run.frame_state()
            run.shot(config["name"] + "-2-list")
            webdriver.ActionChains(run.driver).send_keys(Keys.ENTER).perform()
        elif mode == "replay":
            # Two matches share the frame: open their list and tap the first.
            run.open_list()
            run.click_in_frame("match-0")
        elif mode == "several":
            run.open_list()
            result["list"] = run.frame_state()
            run.shot(config["name"] + "-2-list")
            run.click_in_frame("match-%d" % config.get("choose", 0))
        elif mode == "doubleClick":
            # The page asks for a double click over the frame: the first click opens the list, the second lands on
            # the row now under the pointer (below the middle: the middle is the gap between the two rows).
            frame = run.driver.find_element(By.ID, "button")
            webdriver.ActionChains(run.driver).move_to_element_with_offset(frame, 0, 25).double_click().perform()
        else:
            run.click_frame_center()
        run.wait_for_reload()
        if mode == "prompt":
            result["prompt"] = run.wait_for_frame("prompt")
            result["promptText"] = run.in_frame("return document.getElementById('button-prompt-title').textContent")
            run.shot(config["name"] + "-2-prompt")
            run.click_in_frame("button-allow")
        result["messages"] = run.wait_for_messages(
            1, 10 if mode in ("genuine", "prompt", "replay", "keyboard", "several", "keyboardSeveral") else 4)
        run.shot(config["name"] + "-3-after")
        if mode == "replay":
            # The same tap again, with the secret of the load that was spent, from inside the frame: cookie, origin
            # and all. The daemon has seen that secret.
            run.wait_for_frame(config.get("afterState", "matches"))
            run.driver.switch_to.frame(run.driver.find_element(By.ID, "button"))
            try:
                result["replayStatus"] = run.driver.execute_async_script(
                    "var done = arguments[arguments.length - 1];"
                    "fetch('/button/' + document.getElementById('button').dataset.session + '/tap', {method: 'POST',"
                    " headers: {'Content-Type': 'application/json'}, body: JSON.stringify({secret: arguments[0],"
                    " identifier: arguments[1], genuine: true, visible: true})})"
                    ".then(function (r) { done(r.status); }, function () { done(-1); });",
                    captured, config.get("replayIdentifier", ""))
            finally:
                run.driver.switch_to.default_content()
            time.sleep(1)
        result["after"] = run.frame_state()
        result.update(page_record(run, page))
        result["messages"] = run.messages()
        if config.get("reloadPage"):
            # The app's page loads again: a frame the person allowed gets the cookie at once (the browser retries
            # its load with it), no second tap on "connect".
            run.driver.refresh()
            result["reloaded"] = run.wait_for_frame(config.get("reloadState", "matches"))
            run.shot(config["name"] + "-4-reloaded")
        return result
    finally:
        page.close()


def framed_elsewhere(run):
    """A page of another origin (127.0.0.3) frames the button: frame-ancestors refuses it."""
    config = run.config
    run.enter(config["link"])
    page = AppPage("127.0.0.3", 0, config["frame"])
    try:
        run.driver.get(page.origin + "/")
        time.sleep(2)  # the frame's load is refused, so nothing in it can be waited for
        run.shot(config["name"])
        run.driver.switch_to.frame(run.driver.find_element(By.ID, "button"))
        try:
            names = [element.text for element in run.driver.find_elements(By.CSS_SELECTOR, ".match .name")]
            body = run.driver.execute_script("return document.documentElement.outerHTML")
        finally:
            run.driver.switch_to.default_content()
        return {"names": names, "frameHoldsNames": [n for n in config.get("names", []) if n in body]}
    finally:
        page.close()


def outsider(config):
    """The app itself, outside any browser: it loads the frame and forges a tap."""
    frame = config["frame"]
    origin = frame.split("/button/")[0]
    with urllib.request.urlopen(frame, timeout=WAIT) as response:
        status, headers, body = response.status, dict(response.headers), response.read().decode()
    secret = body.split('data-secret="')[1].split('"')[0] if 'data-secret="' in body else None
    result = {"status": status, "policy": headers.get("Content-Security-Policy"),
              "holdsNames": [n for n in config.get("names", []) if n in body], "secret": secret}
    # Claiming the browser's storage access changes nothing: no cookie, no names and no secret.
    result["claimedStorageAccess"] = {}
    for claim in ("active", "inactive"):
        request = urllib.request.Request(frame)
        request.add_header("Sec-Fetch-Storage-Access", claim)
        request.add_header("Origin", config.get("pageOrigin", origin))
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            text = response.read().decode()
            result["claimedStorageAccess"][claim] = {
                "holdsNames": [n for n in config.get("names", []) if n in text],
                "secret": text.split('data-secret="')[1].split('"')[0] if 'data-secret="' in text else None,
                "activate": response.headers.get("Activate-Storage-Access")}
    forged = json.dumps({"secret": "0" * 64, "identifier": config["identifier"], "genuine": True,
                         "visible": True}).encode()
    request = urllib.request.Request(frame + "/tap", data=forged, method="POST")
    request.add_header("Content-Type", "application/json")
    request.add_header("Origin", origin)
    request.add_header("Sec-Fetch-Site", "same-origin")
    try:
        with urllib.request.urlopen(request, timeout=WAIT) as response:
            result["forgedTap"] = response.status
    except urllib.error.HTTPError as error:
        result["forgedTap"] = error.code
    return result


SCENARIOS = {"tap": tap, "framedElsewhere": framed_elsewhere}


if __name__ == "__main__":
    screens.run_scenario(SCENARIOS, run_class=Run, without_browser={"outsider": outsider})
