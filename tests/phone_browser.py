"""Debian's headless Chromium as a phone, driven by selenium through Debian's chromedriver (given
explicitly, so selenium never looks for or downloads a driver): a portrait 390×844 screen."""
from __future__ import annotations

import os
import shutil
import time
import warnings
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run",
         # two phones are two browsers side by side: neither may be treated as a window behind
         # the other and left without frames (a screenshot waits for one)
         "--disable-renderer-backgrounding", "--disable-backgrounding-occluded-windows",
         "--disable-background-timer-throttling")


def have_chromium() -> bool:
    return bool(shutil.which(CHROMIUM) and shutil.which(CHROMEDRIVER))


def phone_browser(width: int = 390, height: int = 844, scale: float = 2.0) -> Any:
    """A new browser session (its own profile: a phone of its own) with a phone's screen."""
    os.environ["SE_OFFLINE"] = "true"              # selenium's manager: never to the network
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in FLAGS:
        opts.add_argument(flag)
    opts.add_argument(f"--window-size={width},{height}")
    drv = webdriver.Chrome(service=Service(CHROMEDRIVER), options=opts)
    drv.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": True})
    drv.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 1})
    return drv


def screenshot_png(drv: Any, required: bool = True, tries: int = 3) -> bytes | None:
    """The page's screen as PNG. Chromedriver waits a fixed 10 s for the renderer to hand over a
    frame; on a machine busy with other tests that wait can run out while the page itself answers
    scripts, so the picture is asked for again. When it never comes: an error if the picture is
    `required` (the guides' pictures being drawn), else a warning saying what the page answered
    (whether it is visible, whether it still draws frames) and None: the picture is not what
    the test checks."""
    from selenium.common.exceptions import TimeoutException
    for _ in range(tries):
        try:
            return bytes(drv.get_screenshot_as_png())
        except TimeoutException:
            time.sleep(1.0)
    if required:
        return bytes(drv.get_screenshot_as_png())
    warnings.warn(f"no screenshot from the page's renderer after {tries} tries; the page says {_state(drv)}",
                  stacklevel=2)
    return None


def _state(drv: Any) -> str:
    """What a page that draws no picture still answers: its visibility and focus, and whether a
    frame comes (an animation frame within 5 s)."""
    out = []
    was = drv.timeouts.script                   # (given back: the test goes on with its own)
    drv.set_script_timeout(5)
    try:
        for script, run in (("return [document.visibilityState, document.hasFocus()]", drv.execute_script),
                            ("requestAnimationFrame(() => arguments[0]('a frame came'));",
                             drv.execute_async_script)):
            try:
                out.append(str(run(script)))
            except Exception as e:  # noqa: BLE001 - said in the warning
                out.append(type(e).__name__)
    finally:
        drv.set_script_timeout(was)
    return "; ".join(out)
