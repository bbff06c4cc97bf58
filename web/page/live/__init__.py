"""Live play: friends on their own devices, one game held by the device that opened the room.

``protocol`` the messages (small typed values, JSON on the wire) and their checks;
``room`` what the room's device (``HostRoom``) and every other device
(``GuestRoom``) do with them; ``modes`` the page's modes of a device in a room
(``Hosting``, ``Visiting``), which the bridge's live calls drive. Pure Python, tested without a browser
(tests/page/test_live.py); the messages travel through web/front/js/live/transport.js.
The build ships this package apart (dist/live/livepy.zip), loaded only when
live play starts.
"""
