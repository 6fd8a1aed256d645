"""Drives the picker screens in headless Chromium for ScreensBrowserTests+Pickers (same usage as screens.py).

Usage: python3 pickers.py '<json>'. The last line printed is `RESULT <json>`: what the browser saw.
"""
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import screens


def wait_for_picker(run):
    """Reloads the start page until an app's picker is listed (the app opens it on its own thread)."""
    return run.wait_for_link("#pickers a", "picker")


def labels(run):
    return [label.text for label in run.driver.find_elements(By.CSS_SELECTOR, "#picker-list label")]


def pick(run, texts):
    """Clicks the label of every row whose text contains one of `texts` (a contact's name, a property's value)."""
    run.set_checked("#picker-list label", lambda text: any(part in text for part in texts), True)


def unpick(run, texts):
    run.set_checked("#picker-list label", lambda text: any(part in text for part in texts), False)


def picker(run):
    """Opens the waiting picker from the start page, optionally searches, picks (or unpicks), then Done or Cancel."""
    config = run.config
    run.enter(config["link"])
    entry = wait_for_picker(run)
    result = {"homeEntry": entry.text}
    entry.click()
    result["title"] = run.title()
    result["explain"] = run.element(By.ID, "picker-explain").text
    result["labels"] = labels(run)
    result["checked"] = [
        label.text for label in run.driver.find_elements(By.CSS_SELECTOR, "#picker-list label")
        if run.driver.find_element(By.ID, label.get_attribute("for")).is_selected()]
    result["inputTypes"] = sorted({box.get_attribute("type") for box in
                                   run.driver.find_elements(By.CSS_SELECTOR, "#picker-list input")})
    if config.get("search"):
        box = run.element(By.ID, "search")
        box.send_keys(config["search"])
        result["visibleAfterSearch"] = [
            item.find_element(By.CSS_SELECTOR, "label, .contact-name").text
            for item in run.driver.find_elements(By.CSS_SELECTOR, "#picker-list > li") if item.is_displayed()]
        box.send_keys(Keys.BACKSPACE * len(config["search"]))
        run.wait.until(lambda driver: all(
            item.is_displayed() for item in driver.find_elements(By.CSS_SELECTOR, "#picker-list > li")))
    unpick(run, config.get("unpick", []))
    pick(run, config.get("pick", []))
    run.shot(config["name"] + "-1-pick")
    run.click("picker-cancel" if config.get("cancel") else "picker-done")
    result["outcome"] = run.element(By.ID, "message").text
    run.shot(config["name"] + "-2-done")
    return result


def keyboard_picker(run):
    """The picker with TAB, SPACE and ENTER only."""
    config = run.config
    run.enter(config["link"])
    wait_for_picker(run)
    link = run.driver.find_element(By.CSS_SELECTOR, "#pickers a").get_attribute("id")
    run.tab_to(link)
    run.press(Keys.ENTER)
    run.element(By.ID, "picker-list")
    for label in run.driver.find_elements(By.CSS_SELECTOR, "#picker-list label"):
        if any(text in label.text for text in config["pick"]):
            run.tab_to(label.get_attribute("for"))
            run.press(Keys.SPACE)
    run.tab_to("picker-done")
    run.shot(config["name"] + "-1-pick")
    run.press(Keys.ENTER)
    return {"outcome": run.element(By.ID, "message").text}


def forged(run):
    """Posts to a waiting picker with the person's own cookie but without the page's token, from another origin,
    and without an Origin: each must be refused, leaving the picker waiting."""
    config = run.config
    run.enter(config["link"])
    target = run.base()
    session = [c for c in run.driver.get_cookies() if c["name"].startswith("contacts_screens_")][0]
    cookie = "%s=%s" % (session["name"], session["value"])
    run.driver.get(target + "/pickers/%s" % config["picker"])
    csrf = run.driver.find_element(By.NAME, "csrf").get_attribute("value")
    url = target + "/pickers/%s" % config["picker"]
    fields = {"action": "done", "contact": config["contacts"]}
    result = {
        "withoutToken": screens.http_post(url, fields, cookie=cookie, origin=target),
        "wrongToken": screens.http_post(url, dict(fields, csrf="0" * 64), cookie=cookie, origin=target),
        "otherOrigin": screens.http_post(url, dict(fields, csrf=csrf), cookie=cookie, origin="http://127.0.0.1:1"),
        "withoutOrigin": screens.http_post(url, dict(fields, csrf=csrf), cookie=cookie),
        "withoutCookie": screens.http_post(url, dict(fields, csrf=csrf), origin=target),
    }
    run.driver.get(target + "/")
    result["stillListed"] = len(run.driver.find_elements(By.CSS_SELECTOR, "#pickers a")) == 1
    return result


SCENARIOS = {"picker": picker, "keyboard": keyboard_picker, "forged": forged}


if __name__ == "__main__":
    screens.run_scenario(SCENARIOS)
